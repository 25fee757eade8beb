// Decrypts security headers the way the authority's Java sample builds them (Cipher "RSA",
// Cipher "AES/ECB/PKCS5Padding", MessageDigest "SHA-1", UTF-8), and checks the Digest.
// Usage: java AuthoritySample.java private-key.der header1.xml [header2.xml ...]
// Prints one line per header: form|username|password(Base64 of UTF-8)|created|digest-ok
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Arrays;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

public class AuthoritySample {
    static final String WSS = "http://schemas.xmlsoap.org/ws/2002/12/secext";

    public static void main(String[] args) throws Exception {
        byte[] keyBytes = Files.readAllBytes(Paths.get(args[0]));
        PrivateKey privateKey = KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(keyBytes));
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        for (int i = 1; i < args.length; i++) {
            Document document = factory.newDocumentBuilder().parse(Paths.get(args[i]).toFile());
            Element password = (Element) document.getElementsByTagNameNS(WSS, "Password").item(0);
            Base64.Decoder base64 = Base64.getMimeDecoder();

            Cipher rsa = Cipher.getInstance("RSA");
            rsa.init(Cipher.DECRYPT_MODE, privateKey);
            byte[] sessionKey = rsa.doFinal(base64.decode(text(document, "Nonce")));
            Cipher aes = Cipher.getInstance("AES/ECB/PKCS5Padding");
            aes.init(Cipher.DECRYPT_MODE, new SecretKeySpec(sessionKey, "AES"));
            byte[] passwordBytes = aes.doFinal(base64.decode(password.getTextContent()));

            String form;
            String created;
            String digestOk = "-";
            if (password.hasAttribute("Digest")) {
                form = "digest";
                created = text(document, "Created");
                MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
                sha1.update(sessionKey);
                sha1.update(created.getBytes(StandardCharsets.UTF_8));
                sha1.update(passwordBytes);
                byte[] received = aes.doFinal(base64.decode(password.getAttribute("Digest")));
                digestOk = String.valueOf(Arrays.equals(sha1.digest(), received));
            } else {
                form = "encrypted-created";
                created = new String(aes.doFinal(base64.decode(text(document, "Created"))), StandardCharsets.UTF_8);
            }
            System.out.println(form + "|" + text(document, "Username") + "|" + Base64.getEncoder().encodeToString(passwordBytes)
                + "|" + created + "|" + sessionKey.length + "|" + digestOk);
        }
    }

    static String text(Document document, String localName) {
        return document.getElementsByTagNameNS(WSS, localName).item(0).getTextContent();
    }
}
