// SPDX-License-Identifier: 0BSD
// areaOE security header sample for Java 8 or later, standard library only (tested: javac --release 8, Java 17).
// Copy, change and use it freely. Makes the WS-Security UsernameToken header of the customs web services, in a SOAP 1.1 envelope:
//   AREAOE_PASSWORD=... java AreaoeHeader.java --username 123456789/1 --certificate authority.pem [--form digest|encrypted-created]
//   java AreaoeHeader.java --vectors security-header-test-vectors.json   (checks this code; exit 0 = all match)
// Java 8: javac AreaoeHeader.java && java AreaoeHeader ... (the one-file launch needs Java 11).
import java.io.*;
import java.math.BigInteger;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.security.*;
import java.security.cert.*;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.*;
import java.time.format.DateTimeFormatter;
import java.util.*;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;
import javax.net.ssl.*;

public class AreaoeHeader {
    // The authority's transformations: AES-128 for the fields, RSA with PKCS#1 v1.5 padding for the Nonce.
    static final String AES = "AES/ECB/PKCS5Padding", RSA = "RSA/ECB/PKCS1Padding";
    // Created: UTC, yyyy-MM-ddTHH:mm:ss.SSSZ, in Locale.ROOT: the machine's locale (Thai or Arabic would change the
    // calendar or the digits) and time zone play no part.
    static final DateTimeFormatter CREATED = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'", Locale.ROOT).withZone(ZoneOffset.UTC);
    static int failures;

    static byte[] crypt(String transformation, int mode, Key key, byte[] data) throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance(transformation);
        cipher.init(mode, key);
        return cipher.doFinal(data);
    }

    static String aes(byte[] ks, byte[] data) throws GeneralSecurityException {
        return Base64.getEncoder().encodeToString(crypt(AES, Cipher.ENCRYPT_MODE, new SecretKeySpec(ks, "AES"), data));
    }

    // The fields that depend on Ks: {password, digest or null, created}; Nonce is RSA(Ks) and is made apart.
    static String[] headerFields(byte[] ks, String created, String password, String form) throws Exception {
        byte[] pw = password.getBytes(StandardCharsets.UTF_8), at = created.getBytes(StandardCharsets.UTF_8);
        if (!form.equals("digest")) return new String[] {aes(ks, pw), null, aes(ks, at)};
        MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
        sha1.update(ks);
        sha1.update(at);
        return new String[] {aes(ks, pw), aes(ks, sha1.digest(pw)), created};
    }

    static String envelope(String username, String[] f, String nonce) {
        String digest = f[1] == null ? "" : " Digest=\"" + f[1] + "\"";
        return "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\">\n  <soapenv:Header>\n"
            + "    <wss:Security xmlns:wss=\"http://schemas.xmlsoap.org/ws/2002/12/secext\">\n      <wss:UsernameToken>\n"
            + "        <wss:Username>" + username + "</wss:Username>\n        <wss:Password" + digest + ">" + f[0] + "</wss:Password>\n"
            + "        <wss:Nonce>" + nonce + "</wss:Nonce>\n        <wss:Created>" + f[2] + "</wss:Created>\n"
            + "      </wss:UsernameToken>\n    </wss:Security>\n  </soapenv:Header>\n  <soapenv:Body/>\n</soapenv:Envelope>";
    }

    // PEM or DER (CertificateFactory reads both). Warns when the certificate expires within 30 days.
    static PublicKey readCertificate(byte[] data) throws GeneralSecurityException {
        X509Certificate cert = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(data));
        Instant notAfter = cert.getNotAfter().toInstant();
        if (notAfter.isBefore(Instant.now().plus(Duration.ofDays(30))))
            System.err.println("warning: the certificate " + (notAfter.isBefore(Instant.now()) ? "expired" : "expires") + " on " + CREATED.format(notAfter) + "; get the authority's current one");
        return cert.getPublicKey();
    }

    // Compares this file's output with the published test vectors; any difference exits non-zero.
    @SuppressWarnings("unchecked")
    static int checkVectors(String path) throws Exception {
        json = new String(Files.readAllBytes(Paths.get(path)), StandardCharsets.UTF_8);
        Map<String, Object> data = (Map<String, Object>) readJson();
        Map<String, String> testKey = (Map<String, String>) data.get("testKey");
        String pem = testKey.get("privateKeyPem").replaceAll("-----[A-Z ]+-----|\\s", "");
        PrivateKey privateKey = KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(pem)));
        List<Map<String, String>> vectors = (List<Map<String, String>>) data.get("vectors");
        for (Map<String, String> v : vectors) {
            String name = v.get("name"), created = v.get("created");
            byte[] ks = crypt(RSA, Cipher.DECRYPT_MODE, privateKey, Base64.getDecoder().decode(v.get("nonce")));
            expect(name, "decrypted nonce", String.format(Locale.ROOT, "%032x", new BigInteger(1, ks)), v.get("ks").toLowerCase(Locale.ROOT));
            String[] f = headerFields(ks, created, v.get("password"), v.get("form")); // from the Ks just checked
            expect(name, "passwordCipher", f[0], v.get("passwordCipher"));
            expect(name, "digest", f[1], v.get("digest"));
            expect(name, "createdCipher", f[1] == null ? f[2] : null, v.get("createdCipher"));
            expect(name, "formatted created", CREATED.format(Instant.parse(created)), created);
        }
        // Our own RSA encryption, under the vectors' certificate, must decrypt back to Ks.
        byte[] ks = new byte[16];
        new SecureRandom().nextBytes(ks);
        byte[] nonce = crypt(RSA, Cipher.ENCRYPT_MODE, readCertificate(testKey.get("certificatePem").getBytes(StandardCharsets.US_ASCII)), ks);
        expect("rsa round trip", "decrypted Ks", Arrays.toString(crypt(RSA, Cipher.DECRYPT_MODE, privateKey, nonce)), Arrays.toString(ks));
        if (vectors.isEmpty()) expect("vectors", "count", "0", "at least 1");
        System.out.println(failures == 0 ? "all " + vectors.size() + " vectors match" : failures + " difference(s)");
        return failures == 0 ? 0 : 1;
    }

    static void expect(String name, String what, String actual, String wanted) {
        if (Objects.equals(actual, wanted)) return;
        failures++;
        System.err.println("FAIL " + name + ": " + what + " is " + actual + ", expected " + wanted);
    }

    // Sends the request with the client certificate of a PKCS#12 file. Trust stays the JVM's default (its CA store)
    // and HttpsURLConnection checks the host name: never install a TrustManager or HostnameVerifier that accepts
    // everything. A PKCS#12 with legacy RC2-40 encryption may need converting with openssl pkcs12 -legacy.
    static byte[] send(String url, String envelope, String p12File, char[] p12Password) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = new FileInputStream(p12File)) { store.load(in, p12Password); }
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(store, p12Password);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(keys.getKeyManagers(), null, null); // null trust managers = the JVM's default CA checks
        HttpsURLConnection connection = (HttpsURLConnection) new URL(url).openConnection();
        connection.setSSLSocketFactory(tls.getSocketFactory());
        connection.setConnectTimeout(30_000);
        connection.setReadTimeout(30_000);
        connection.setDoOutput(true);
        connection.setRequestProperty("Content-Type", "text/xml; charset=utf-8");
        connection.setRequestProperty("SOAPAction", "\"\"");
        try (OutputStream out = connection.getOutputStream()) { out.write(envelope.getBytes(StandardCharsets.UTF_8)); }
        InputStream answer = connection.getResponseCode() < 400 ? connection.getInputStream() : connection.getErrorStream();
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        for (int n; (n = answer.read(buffer)) > 0; ) body.write(buffer, 0, n);
        return body.toByteArray();
    }

    public static void main(String[] argv) throws Exception {
        Map<String, String> args = new HashMap<>();
        for (int i = 0; i < argv.length; i += 2) {
            String name = argv[i].replaceFirst("^--", "");
            if (!Arrays.asList("username", "certificate", "form", "vectors").contains(name) || i + 1 >= argv.length) fail("unknown or incomplete argument " + argv[i]);
            args.put(name, argv[i + 1]);
        }
        if (args.containsKey("vectors")) System.exit(checkVectors(args.get("vectors")));
        String username = args.getOrDefault("username", ""), form = args.getOrDefault("form", "digest"), password = System.getenv("AREAOE_PASSWORD");
        if (!username.matches("[0-9]{9}/[0-9]+")) fail("--username must be NIF/UserID, e.g. 123456789/1");
        if (password == null || password.isEmpty()) fail("set the password in the environment variable AREAOE_PASSWORD");
        if (!args.containsKey("certificate")) fail("--certificate FILE (PEM or DER) is required");
        if (!form.equals("digest") && !form.equals("encrypted-created")) fail("--form must be digest or encrypted-created");
        byte[] ks = new byte[16];
        new SecureRandom().nextBytes(ks); // a fresh AES-128 key from the CSPRNG for every header
        byte[] nonce = crypt(RSA, Cipher.ENCRYPT_MODE, readCertificate(Files.readAllBytes(Paths.get(args.get("certificate")))), ks);
        System.out.println(envelope(username, headerFields(ks, CREATED.format(Instant.now()), password, form), Base64.getEncoder().encodeToString(nonce)));
    }

    static void fail(String message) {
        System.err.println("error: " + message);
        System.exit(2);
    }

    // The smallest JSON reader the vectors file needs (Java has none built in): objects, arrays, strings, null;
    // numbers and true/false stay text. Commas and colons are skipped like spaces: the file is well formed.
    static String json;
    static int pos;
    static final Object END = new Object();

    static Object readJson() {
        while (" \t\r\n,:".indexOf(json.charAt(pos)) >= 0) pos++;
        char c = json.charAt(pos++);
        if (c == '}' || c == ']') return END;
        if (c == '{' || c == '[') {
            Map<String, Object> map = new HashMap<>();
            List<Object> list = new ArrayList<>();
            for (Object item; (item = readJson()) != END; ) {
                if (c == '[') list.add(item);
                else map.put((String) item, readJson());
            }
            return c == '{' ? map : list;
        }
        StringBuilder out = new StringBuilder();
        if (c != '"') {
            for (pos--; ",}] \t\r\n".indexOf(json.charAt(pos)) < 0; pos++) out.append(json.charAt(pos));
            return out.toString().equals("null") ? null : out.toString();
        }
        for (char ch; (ch = json.charAt(pos++)) != '"'; ) {
            if (ch != '\\') out.append(ch);
            else if ((ch = json.charAt(pos++)) == 'u') out.append((char) Integer.parseInt(json.substring(pos, pos += 4), 16));
            else out.append(ch == 'n' ? '\n' : ch == 't' ? '\t' : ch == 'r' ? '\r' : ch == 'b' ? '\b' : ch == 'f' ? '\f' : ch);
        }
        return out.toString();
    }
}
