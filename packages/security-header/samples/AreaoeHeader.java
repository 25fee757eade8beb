// SPDX-License-Identifier: 0BSD
// areaOE security header sample for Java 8 or later (standard library only; tested: compiled with javac --release 8,
// run on Java 17). Copy, change and use it freely.
// Makes the WS-Security UsernameToken header the customs web services expect, in a SOAP 1.1 envelope:
//   AREAOE_PASSWORD=... java AreaoeHeader.java --username 123456789/1 --certificate authority.pem [--form digest|encrypted-created]
//   java AreaoeHeader.java --vectors security-header-test-vectors.json   (checks this code; exit 0 = all match)
// Java 8: javac AreaoeHeader.java && java AreaoeHeader ... (the one-file launch needs Java 11).
import java.io.*;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.security.*;
import java.security.cert.*;
import java.security.spec.PKCS8EncodedKeySpec;
import java.text.SimpleDateFormat;
import java.util.*;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;
import javax.net.ssl.*;

public class AreaoeHeader {
    static final String WSS = "http://schemas.xmlsoap.org/ws/2002/12/secext";
    static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
    static final Base64.Encoder B64 = Base64.getEncoder();

    // AES-128 in ECB mode with PKCS#5 padding, as the authority specifies.
    static String aes(byte[] ks, byte[] data) throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance("AES/ECB/PKCS5Padding");
        cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(ks, "AES"));
        return B64.encodeToString(cipher.doFinal(data));
    }

    // UTC, yyyy-MM-ddTHH:mm:ss.SSSZ, in Locale.ROOT: the machine's locale (a Thai or Arabic one changes the
    // calendar or the digits) and time zone play no part.
    static String formatCreated(Date date) {
        SimpleDateFormat format = new SimpleDateFormat("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'", Locale.ROOT);
        format.setTimeZone(TimeZone.getTimeZone("UTC"));
        return format.format(date);
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
        return "<soapenv:Envelope xmlns:soapenv=\"" + SOAP11 + "\">\n  <soapenv:Header>\n"
            + "    <wss:Security xmlns:wss=\"" + WSS + "\">\n      <wss:UsernameToken>\n"
            + "        <wss:Username>" + username + "</wss:Username>\n"
            + "        <wss:Password" + digest + ">" + f[0] + "</wss:Password>\n"
            + "        <wss:Nonce>" + nonce + "</wss:Nonce>\n"
            + "        <wss:Created>" + f[2] + "</wss:Created>\n"
            + "      </wss:UsernameToken>\n    </wss:Security>\n  </soapenv:Header>\n  <soapenv:Body/>\n</soapenv:Envelope>";
    }

    // PEM or DER (CertificateFactory reads both). Warns when the certificate expires within 30 days.
    static X509Certificate readCertificate(byte[] data) throws GeneralSecurityException {
        X509Certificate cert = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(data));
        long daysLeft = (cert.getNotAfter().getTime() - System.currentTimeMillis()) / 86_400_000L;
        if (daysLeft < 30) {
            System.err.println("warning: the certificate " + (daysLeft < 0 ? "expired" : "expires") + " on " + formatCreated(cert.getNotAfter()) + "; get the authority's current one");
        }
        return cert;
    }

    static byte[] rsa(int mode, Key key, byte[] data) throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance("RSA/ECB/PKCS1Padding");
        cipher.init(mode, key);
        return cipher.doFinal(data);
    }

    // Compares this file's output with the published test vectors; any difference exits non-zero.
    @SuppressWarnings("unchecked")
    static int checkVectors(String path) throws Exception {
        Map<String, Object> data = (Map<String, Object>) new Json(new String(Files.readAllBytes(Paths.get(path)), StandardCharsets.UTF_8)).value();
        Map<String, String> testKey = (Map<String, String>) data.get("testKey");
        String pem = testKey.get("privateKeyPem").replaceAll("-----[A-Z ]+-----|\\s", "");
        PrivateKey privateKey = KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(pem)));
        List<String> failures = new ArrayList<>();
        List<Map<String, String>> vectors = (List<Map<String, String>>) data.get("vectors");
        for (Map<String, String> v : vectors) {
            byte[] ks = hex(v.get("ks"));
            String name = v.get("name");
            String[] f = headerFields(ks, v.get("created"), v.get("password"), v.get("form"));
            expect(failures, name, "decrypted nonce", Arrays.toString(rsa(Cipher.DECRYPT_MODE, privateKey, Base64.getDecoder().decode(v.get("nonce")))), Arrays.toString(ks));
            expect(failures, name, "passwordCipher", f[0], v.get("passwordCipher"));
            expect(failures, name, "digest", f[1], v.get("digest"));
            expect(failures, name, "createdCipher", f[1] == null ? f[2] : null, v.get("createdCipher"));
            SimpleDateFormat parser = new SimpleDateFormat("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'", Locale.ROOT);
            parser.setTimeZone(TimeZone.getTimeZone("UTC"));
            expect(failures, name, "formatted created", formatCreated(parser.parse(v.get("created"))), v.get("created"));
        }
        // Our own RSA encryption, under the vectors' certificate, must decrypt back to Ks.
        byte[] ks = new byte[16];
        new SecureRandom().nextBytes(ks);
        PublicKey publicKey = readCertificate(testKey.get("certificatePem").getBytes(StandardCharsets.US_ASCII)).getPublicKey();
        expect(failures, "rsa round trip", "decrypted Ks", Arrays.toString(rsa(Cipher.DECRYPT_MODE, privateKey, rsa(Cipher.ENCRYPT_MODE, publicKey, ks))), Arrays.toString(ks));
        if (vectors.isEmpty()) failures.add("FAIL vectors: the file has none");
        for (String failure : failures) System.err.println(failure);
        System.out.println(failures.isEmpty() ? "all " + vectors.size() + " vectors match" : failures.size() + " difference(s)");
        return failures.isEmpty() ? 0 : 1;
    }

    static void expect(List<String> failures, String name, String what, String actual, String wanted) {
        if (!Objects.equals(actual, wanted)) failures.add("FAIL " + name + ": " + what + " is " + actual + ", expected " + wanted);
    }

    static byte[] hex(String text) {
        byte[] out = new byte[text.length() / 2];
        for (int i = 0; i < out.length; i++) out[i] = (byte) Integer.parseInt(text.substring(2 * i, 2 * i + 2), 16);
        return out;
    }

    // Sending the request with the client certificate of a PKCS#12 file. Trust stays the JVM's default
    // (its CA store) and HttpsURLConnection checks the host name: never install a TrustManager or a
    // HostnameVerifier that accepts everything. A PKCS#12 with legacy RC2-40 encryption may need converting
    // (openssl pkcs12 -legacy) for current tools.
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
        PublicKey key = readCertificate(Files.readAllBytes(Paths.get(args.get("certificate")))).getPublicKey();
        byte[] ks = new byte[16];
        new SecureRandom().nextBytes(ks); // a fresh AES-128 key from the CSPRNG for every header
        String[] fields = headerFields(ks, formatCreated(new Date()), password, form);
        System.out.println(envelope(username, fields, B64.encodeToString(rsa(Cipher.ENCRYPT_MODE, key, ks))));
    }

    static void fail(String message) {
        System.err.println("error: " + message);
        System.exit(2);
    }

    // The smallest JSON reader the vectors file needs (Java has none built in): objects, arrays, strings, literals.
    static final class Json {
        final String s;
        int i;
        Json(String s) { this.s = s; }
        Object value() {
            while (Character.isWhitespace(s.charAt(i))) i++;
            char c = s.charAt(i);
            if (c == '{' || c == '[') {
                Map<String, Object> map = new LinkedHashMap<>();
                List<Object> list = new ArrayList<>();
                i++;
                while (true) {
                    while (Character.isWhitespace(s.charAt(i)) || s.charAt(i) == ',') i++;
                    if (s.charAt(i) == '}' || s.charAt(i) == ']') { i++; return c == '{' ? map : list; }
                    if (c == '[') { list.add(value()); continue; }
                    String key = (String) value();
                    while (s.charAt(i) != ':') i++;
                    i++;
                    map.put(key, value());
                }
            }
            if (c == '"') {
                StringBuilder out = new StringBuilder();
                for (i++; s.charAt(i) != '"'; i++) {
                    char ch = s.charAt(i);
                    if (ch != '\\') { out.append(ch); continue; }
                    char e = s.charAt(++i);
                    if (e == 'u') { out.append((char) Integer.parseInt(s.substring(i + 1, i + 5), 16)); i += 4; }
                    else out.append(e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e == 'b' ? '\b' : e == 'f' ? '\f' : e);
                }
                i++;
                return out.toString();
            }
            int start = i;
            while (i < s.length() && ",}] \n\r\t".indexOf(s.charAt(i)) < 0) i++;
            String word = s.substring(start, i);
            return word.equals("null") ? null : word;
        }
    }
}
