// SPDX-License-Identifier: 0BSD
// areaOE security header sample for Java 8 or later, standard library only (tested: javac --release 8, Java 17).
// Copy, change and use it freely. Makes the WS-Security UsernameToken header of the customs web services, in a SOAP 1.1 envelope:
//   AREAOE_PASSWORD=... java AreaoeHeader.java --username 123456789/1 --certificate authority.pem [--form digest|encrypted-created]
//   AREAOE_PASSWORD=... java AreaoeHeader.java --username 123456789/1 --key-from https://<portal>/areaOE/sandbox/keys \
//     --fingerprint <SHA-256 of the key, from the portal's page> [--key-date 2027-04-15]
//     (instead of --certificate: the key valid on that date, default now, from a published key set; see keyFrom)
//   java AreaoeHeader.java --vectors security-header-test-vectors.json   (checks this code; exit 0 = all match)
// Java 8: javac AreaoeHeader.java && java AreaoeHeader ... (the one-file launch needs Java 11).
import java.io.*;
import java.math.BigInteger;
import java.net.HttpURLConnection;
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
        Map<String, Object> data = (Map<String, Object>) parseJson(new String(Files.readAllBytes(Paths.get(path)), StandardCharsets.UTF_8));
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

    // --key-from: the key set is JSON, {"now", "keys": [{"id", "status": "current" | "next" | "retired",
    // "validFrom", "validUntil" (ISO 8601 UTC), "fingerprintSha256" (SHA-256 of the DER certificate, lowercase
    // hex), "certificatePem", "certificateDer" (URLs)}]}. Both requests are bounded in size and time. A key
    // server must not be able to hand out its own key: https only (or a file: you name), redirects only within
    // the key set's origin, and the key is used only if its fingerprint is one you give (--fingerprint), never
    // merely the one the answer publishes.
    static final int KEY_SET_MAX_BYTES = 64 * 1024, KEY_FETCH_MS = 10_000, MAX_REDIRECTS = 5;

    static String originOf(URL url) {
        return url.getProtocol() + "://" + url.getHost().toLowerCase(Locale.ROOT) + ":" + (url.getPort() == -1 ? url.getDefaultPort() : url.getPort());
    }

    static byte[] boundedGet(String url, String what) {
        long deadline = System.currentTimeMillis() + KEY_FETCH_MS;
        try {
            URL target = new URL(url), current = target;
            if (target.getProtocol().equals("file")) {
                Path file = Paths.get(target.toURI());
                if (Files.size(file) > KEY_SET_MAX_BYTES) fail(what + " is larger than " + KEY_SET_MAX_BYTES / 1024 + " KB");
                return Files.readAllBytes(file);
            }
            if (!target.getProtocol().equals("https")) fail(what + ": " + url + " is not an https URL: refused (a key over plain http can be swapped on the way)");
            HttpURLConnection connection;
            for (int redirects = 0; ; redirects++) {
                connection = (HttpURLConnection) current.openConnection();
                connection.setInstanceFollowRedirects(false); // followed below, only within the key set's origin
                connection.setConnectTimeout(KEY_FETCH_MS);
                connection.setReadTimeout(KEY_FETCH_MS);
                int status = connection.getResponseCode();
                if (status != 301 && status != 302 && status != 303 && status != 307 && status != 308) break;
                URL next = new URL(current, String.valueOf(connection.getHeaderField("Location")));
                if (!originOf(next).equals(originOf(target))) fail(what + ": " + current + " redirects to another origin (" + next.getProtocol() + "://" + next.getAuthority() + "): refused");
                if (redirects >= MAX_REDIRECTS) fail(what + ": more than " + MAX_REDIRECTS + " redirects from " + url);
                current = next;
            }
            if (connection.getResponseCode() != 200) fail(what + ": HTTP status " + connection.getResponseCode() + " from " + url);
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            try (InputStream in = connection.getInputStream()) {
                for (int n; (n = in.read(buffer)) > 0; ) {
                    body.write(buffer, 0, n);
                    if (body.size() > KEY_SET_MAX_BYTES) fail(what + " is larger than " + KEY_SET_MAX_BYTES / 1024 + " KB");
                    if (System.currentTimeMillis() > deadline) fail(what + ": no complete answer within " + KEY_FETCH_MS / 1000 + " s from " + url);
                }
            }
            return body.toByteArray();
        } catch (IOException | java.net.URISyntaxException | IllegalArgumentException e) {
            fail(what + ": " + url + " could not be reached, or did not answer within " + KEY_FETCH_MS / 1000 + " s");
            return null;
        }
    }

    // The certificate's address: https on the key set's origin; for a key set in a file, a path beside it or https.
    static String certificateUrl(String value, String keySetUrl, int number) {
        try {
            URL base = new URL(keySetUrl), url = new URL(base, value);
            boolean allowed = base.getProtocol().equals("file")
                ? url.getProtocol().equals("file") || url.getProtocol().equals("https")
                : url.getProtocol().equals("https") && originOf(url).equals(originOf(base));
            if (allowed) return url.toString();
        } catch (IOException e) {
            // not a URL: refused below
        }
        fail("--key-from: key #" + number + " of the key set: its certificate must be an https URL on the key set's origin (or, for a key set file, a path beside it)");
        return null;
    }

    // A SHA-256 fingerprint as users copy it (hex, any case, colons allowed), as 64 lowercase hex; null if it is none.
    static String fingerprintOf(String text) {
        String hex = text.trim().replace(":", "").toLowerCase(Locale.ROOT);
        return hex.matches("[0-9a-f]{64}") ? hex : null;
    }

    // 2027-04-15 (midnight UTC) or 2027-04-15T08:00:00Z; null when it is neither.
    static Instant parseUtc(Object text) {
        if (!(text instanceof String) || !((String) text).matches("\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?Z)?")) return null;
        String value = (String) text;
        try {
            return value.length() == 10 ? LocalDate.parse(value).atStartOfDay(ZoneOffset.UTC).toInstant() : Instant.parse(value);
        } catch (DateTimeException e) {
            return null;
        }
    }

    // Among the keys not retired with validFrom <= date < validUntil, the latest validFrom (during an overlap, the
    // next key); used only if its fingerprint is one given (--fingerprint; a key set file's own count as given), and
    // its certificate (DER returned) only if its SHA-256 is that fingerprint.
    @SuppressWarnings("unchecked")
    static byte[] keyFrom(String url, Instant date, List<String> fingerprints) throws Exception {
        Object data = null;
        try {
            data = parseJson(new String(boundedGet(url, "--key-from: the key set"), StandardCharsets.UTF_8));
        } catch (RuntimeException e) {
            fail("--key-from: the key set is not JSON");
        }
        Object keys = data instanceof Map ? ((Map<String, Object>) data).get("keys") : null;
        if (!(keys instanceof List) || ((List<Object>) keys).size() > 32) fail("--key-from: the key set is not an object with a \"keys\" array (of at most 32 keys)");
        Map<String, Object> best = null;
        int number = 0;
        for (Object item : (List<Object>) keys) {
            number++;
            Map<String, Object> key = item instanceof Map ? (Map<String, Object>) item : new HashMap<>();
            for (String field : new String[] {"id", "status", "validFrom", "validUntil", "fingerprintSha256", "certificatePem", "certificateDer"})
                if (!(key.get(field) instanceof String)) fail("--key-from: key #" + number + " of the key set has no \"" + field + "\"");
            String status = (String) key.get("status");
            if (!Arrays.asList("current", "next", "retired").contains(status) || !((String) key.get("fingerprintSha256")).matches("[0-9a-f]{64}"))
                fail("--key-from: key #" + number + " of the key set has an unknown status or a malformed fingerprintSha256");
            Instant from = parseUtc(key.get("validFrom")), until = parseUtc(key.get("validUntil"));
            if (from == null || until == null) fail("--key-from: key #" + number + " of the key set has a validity that is not ISO 8601 UTC");
            key.put("certificatePem", certificateUrl((String) key.get("certificatePem"), url, number));
            if (status.equals("retired") || from.isAfter(date) || !date.isBefore(until)) continue;
            if (best == null || from.isAfter(parseUtc(best.get("validFrom")))) best = key;
        }
        if (best == null) fail("--key-from: no key of the key set is valid on " + CREATED.format(date) + " (none that is not retired with validFrom <= that time < validUntil)");
        String id = (String) best.get("id");
        if (!fingerprints.contains(best.get("fingerprintSha256")) && !url.startsWith("file:"))
            fail("--key-from: key \"" + id + "\" (" + best.get("status") + ", valid " + best.get("validFrom") + " to " + best.get("validUntil") + ") has the SHA-256 fingerprint " + best.get("fingerprintSha256")
                + ", which you have not said you trust: a key server cannot vouch for its own key. Compare it with the fingerprint the portal's page shows, then give it: --fingerprint " + best.get("fingerprintSha256"));
        X509Certificate cert = null;
        try {
            cert = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(boundedGet((String) best.get("certificatePem"), "--key-from: the certificate of key \"" + id + "\"")));
        } catch (CertificateException e) {
            fail("--key-from: the certificate of key \"" + id + "\" is not a certificate");
        }
        String fingerprint = String.format(Locale.ROOT, "%064x", new BigInteger(1, MessageDigest.getInstance("SHA-256").digest(cert.getEncoded())));
        if (!fingerprint.equals(best.get("fingerprintSha256")))
            fail("--key-from: the certificate of key \"" + id + "\" has the SHA-256 fingerprint " + fingerprint + ", not the trusted " + best.get("fingerprintSha256") + ": refused");
        System.err.println("notice: --key-from: key \"" + id + "\" (" + best.get("status") + ", valid " + best.get("validFrom") + " to " + best.get("validUntil") + "), fingerprint checked");
        return cert.getEncoded();
    }

    public static void main(String[] argv) throws Exception {
        Map<String, String> args = new HashMap<>();
        List<String> fingerprints = new ArrayList<>(); // --fingerprint, repeatable: the current and the next key
        for (int i = 0; i < argv.length; i += 2) {
            String name = argv[i].replaceFirst("^--", "");
            if (!Arrays.asList("username", "certificate", "form", "vectors", "key-from", "key-date", "fingerprint").contains(name) || i + 1 >= argv.length) fail("unknown or incomplete argument " + argv[i]);
            if (!name.equals("fingerprint")) args.put(name, argv[i + 1]);
            else if (fingerprintOf(argv[i + 1]) == null) fail("--fingerprint needs a SHA-256 fingerprint: 64 hexadecimal characters (colons allowed)");
            else fingerprints.add(fingerprintOf(argv[i + 1]));
        }
        if (args.containsKey("vectors")) System.exit(checkVectors(args.get("vectors")));
        String username = args.getOrDefault("username", ""), form = args.getOrDefault("form", "digest"), password = System.getenv("AREAOE_PASSWORD");
        if (!username.matches("[0-9]{9}/[0-9]+")) fail("--username must be NIF/UserID, e.g. 123456789/1");
        if (password == null || password.isEmpty()) fail("set the password in the environment variable AREAOE_PASSWORD");
        if (args.containsKey("certificate") == args.containsKey("key-from")) fail("give --certificate FILE (PEM or DER) or --key-from URL (one of them)");
        if (!form.equals("digest") && !form.equals("encrypted-created")) fail("--form must be digest or encrypted-created");
        Instant keyDate = args.containsKey("key-date") ? parseUtc(args.get("key-date")) : Instant.now();
        if (keyDate == null) fail("--key-date needs an ISO 8601 date or UTC time, e.g. 2027-04-15 or 2027-04-15T08:00:00Z");
        String keyFrom = args.get("key-from");
        if (keyFrom != null && keyFrom.startsWith("file:") && !keyFrom.startsWith("file://")) keyFrom = Paths.get(keyFrom.substring("file:".length())).toAbsolutePath().toUri().toString();
        if (keyFrom != null && !keyFrom.startsWith("https://") && !keyFrom.startsWith("file:")) fail("--key-from needs an https URL, or file:PATH for a key set on this machine (plain http is refused)");
        byte[] certificate = keyFrom != null ? keyFrom(keyFrom, keyDate, fingerprints) : Files.readAllBytes(Paths.get(args.get("certificate")));
        byte[] ks = new byte[16];
        new SecureRandom().nextBytes(ks); // a fresh AES-128 key from the CSPRNG for every header
        byte[] nonce = crypt(RSA, Cipher.ENCRYPT_MODE, readCertificate(certificate), ks);
        System.out.println(envelope(username, headerFields(ks, CREATED.format(Instant.now()), password, form), Base64.getEncoder().encodeToString(nonce)));
    }

    static void fail(String message) {
        System.err.println("error: " + message);
        System.exit(2);
    }

    // A small strict JSON reader (RFC 8259 syntax; Java has none built in, and a library would end the one-file
    // launch): objects, arrays, strings, null; numbers and true/false stay text. Anything malformed, or nested
    // deeper than 16, throws a RuntimeException; the vectors file and the --key-from key set both go through it.
    static String json;
    static int pos;

    static Object parseJson(String text) {
        json = text;
        pos = 0;
        Object value = readJson(0);
        skipSpace();
        if (pos != json.length()) throw new IllegalArgumentException("text after the JSON value");
        return value;
    }

    static void skipSpace() {
        while (pos < json.length() && " \t\r\n".indexOf(json.charAt(pos)) >= 0) pos++;
    }

    static char next() {
        skipSpace();
        return json.charAt(pos++);
    }

    static Object readJson(int depth) {
        if (depth > 16) throw new IllegalArgumentException("nested too deep");
        char c = next();
        if (c == '{' || c == '[') {
            Map<String, Object> map = new HashMap<>();
            List<Object> list = new ArrayList<>();
            char close = c == '{' ? '}' : ']';
            skipSpace();
            if (json.charAt(pos) == close) { pos++; return c == '{' ? map : list; }
            for (;;) {
                if (c == '[') list.add(readJson(depth + 1));
                else {
                    if (next() != '"') throw new IllegalArgumentException("a name must be a string");
                    String name = readString();
                    if (next() != ':') throw new IllegalArgumentException("':' expected");
                    map.put(name, readJson(depth + 1));
                }
                char separator = next();
                if (separator == close) return c == '{' ? map : list;
                if (separator != ',') throw new IllegalArgumentException("',' expected");
            }
        }
        if (c == '"') return readString();
        int start = --pos;
        while (pos < json.length() && "-+.0123456789eEtrufalsn".indexOf(json.charAt(pos)) >= 0) pos++;
        String token = json.substring(start, pos);
        if (token.equals("null")) return null;
        if (token.equals("true") || token.equals("false") || token.matches("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][-+]?[0-9]+)?")) return token;
        throw new IllegalArgumentException("unexpected value");
    }

    static String readString() {
        StringBuilder out = new StringBuilder();
        for (char ch; (ch = json.charAt(pos++)) != '"'; ) {
            if (ch < 0x20) throw new IllegalArgumentException("control character in a string");
            if (ch != '\\') { out.append(ch); continue; }
            ch = json.charAt(pos++);
            if (ch == 'u') out.append((char) Integer.parseInt(json.substring(pos, pos += 4), 16));
            else if ("\"\\/bfnrt".indexOf(ch) < 0) throw new IllegalArgumentException("bad escape");
            else out.append(ch == 'n' ? '\n' : ch == 't' ? '\t' : ch == 'r' ? '\r' : ch == 'b' ? '\b' : ch == 'f' ? '\f' : ch);
        }
        return out.toString();
    }
}
