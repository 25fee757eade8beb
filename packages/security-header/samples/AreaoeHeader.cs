// SPDX-License-Identifier: 0BSD
// areaOE security header sample for C# (standard library only; tested: Mono 6.8 with mcs; written to build on
// current .NET too, not tested there). Copy, change and use it freely. Makes the WS-Security UsernameToken
// header the customs web services expect, in a SOAP 1.1 envelope:
//   mcs -out:h.exe AreaoeHeader.cs && AREAOE_PASSWORD=... mono h.exe --username 123456789/1 --certificate authority.pem [--form digest|encrypted-created]
//   mono h.exe --vectors security-header-test-vectors.json   (checks this code; exit 0 = all match)
using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Net;
using System.Security.Cryptography;
using System.Security.Cryptography.X509Certificates;
using System.Text;
using System.Text.RegularExpressions;

public static class AreaoeHeader
{
    const string Wss = "http://schemas.xmlsoap.org/ws/2002/12/secext";
    const string Soap11 = "http://schemas.xmlsoap.org/soap/envelope/";
    const string CreatedFormat = "yyyy'-'MM'-'dd'T'HH':'mm':'ss'.'fff'Z'";

    // AES-128 in ECB mode with PKCS#5/7 padding, as the authority's Java sample (AES/ECB/PKCS5Padding).
    static string Aes128(byte[] ks, byte[] data)
    {
        using (Aes aes = Aes.Create())
        {
            aes.Mode = CipherMode.ECB;
            aes.Padding = PaddingMode.PKCS7;
            aes.Key = ks;
            using (ICryptoTransform encryptor = aes.CreateEncryptor()) return Convert.ToBase64String(encryptor.TransformFinalBlock(data, 0, data.Length));
        }
    }

    // UTC, yyyy-MM-ddTHH:mm:ss.SSSZ, in the invariant culture: the machine's culture (ar-SA's Hijri calendar,
    // th-TH's Buddhist era) and time zone play no part.
    static string FormatCreated(DateTime moment) => moment.ToUniversalTime().ToString(CreatedFormat, CultureInfo.InvariantCulture);

    // The fields that depend on Ks: {password, digest or null, created}; Nonce is RSA(Ks) and is made apart.
    static string[] HeaderFields(byte[] ks, string created, string password, string form)
    {
        byte[] pw = Encoding.UTF8.GetBytes(password), at = Encoding.UTF8.GetBytes(created);
        if (form != "digest") return new[] { Aes128(ks, pw), null, Aes128(ks, at) };
        var input = new List<byte>(ks);
        input.AddRange(at);
        input.AddRange(pw);
        using (SHA1 sha1 = SHA1.Create()) return new[] { Aes128(ks, pw), Aes128(ks, sha1.ComputeHash(input.ToArray())), created };
    }

    static string Envelope(string username, string[] f, string nonce) =>
        $"<soapenv:Envelope xmlns:soapenv=\"{Soap11}\">\n  <soapenv:Header>\n    <wss:Security xmlns:wss=\"{Wss}\">\n"
        + $"      <wss:UsernameToken>\n        <wss:Username>{username}</wss:Username>\n"
        + $"        <wss:Password{(f[1] == null ? "" : $" Digest=\"{f[1]}\"")}>{f[0]}</wss:Password>\n"
        + $"        <wss:Nonce>{nonce}</wss:Nonce>\n        <wss:Created>{f[2]}</wss:Created>\n"
        + "      </wss:UsernameToken>\n    </wss:Security>\n  </soapenv:Header>\n  <soapenv:Body/>\n</soapenv:Envelope>";

    static byte[] FromPem(string pem) => Convert.FromBase64String(Regex.Replace(pem, "-----[A-Z ]+-----|\\s", ""));

    // PEM or DER. Warns on standard error when the certificate expires within 30 days.
    static RSA ReadCertificate(byte[] data)
    {
        string text = Encoding.ASCII.GetString(data);
        var cert = new X509Certificate2(text.Contains("-----BEGIN CERTIFICATE-----") ? FromPem(text) : data);
        double daysLeft = (cert.NotAfter.ToUniversalTime() - DateTime.UtcNow).TotalDays;
        if (daysLeft < 30) Console.Error.WriteLine($"warning: the certificate {(daysLeft < 0 ? "expired" : "expires")} on {FormatCreated(cert.NotAfter)}; get the authority's current one");
        return cert.GetRSAPublicKey();
    }

    // Compares this file's output with the published test vectors; any difference exits non-zero.
    static int CheckVectors(string path)
    {
        var data = (Dictionary<string, object>)new Json(File.ReadAllText(path, Encoding.UTF8)).Value();
        var testKey = (Dictionary<string, object>)data["testKey"];
        RSA privateKey = ReadPkcs8((string)testKey["privateKeyPem"]);
        var failures = new List<string>();
        Action<string, string, string, string> expect = (name, what, actual, wanted) =>
        {
            if (actual != wanted) failures.Add($"FAIL {name}: {what} is {actual}, expected {wanted}");
        };
        var vectors = (List<object>)data["vectors"];
        foreach (Dictionary<string, object> v in vectors)
        {
            string name = (string)v["name"], ks = ((string)v["ks"]).ToLowerInvariant(), created = (string)v["created"];
            expect(name, "decrypted nonce", Hex(privateKey.Decrypt(Convert.FromBase64String((string)v["nonce"]), RSAEncryptionPadding.Pkcs1)), ks);
            string[] f = HeaderFields(FromHex(ks), created, (string)v["password"], (string)v["form"]);
            expect(name, "passwordCipher", f[0], (string)v["passwordCipher"]);
            expect(name, "digest", f[1], (string)v["digest"]);
            expect(name, "createdCipher", f[1] == null ? f[2] : null, (string)v["createdCipher"]);
            DateTime at = DateTime.ParseExact(created, CreatedFormat, CultureInfo.InvariantCulture, DateTimeStyles.AdjustToUniversal | DateTimeStyles.AssumeUniversal);
            expect(name, "formatted created", FormatCreated(at), created);
        }
        // Our own RSA encryption, under the vectors' certificate, must decrypt back to Ks.
        byte[] fresh = SessionKey();
        RSA publicKey = ReadCertificate(Encoding.ASCII.GetBytes((string)testKey["certificatePem"]));
        expect("rsa round trip", "decrypted Ks", Hex(privateKey.Decrypt(publicKey.Encrypt(fresh, RSAEncryptionPadding.Pkcs1), RSAEncryptionPadding.Pkcs1)), Hex(fresh));
        if (vectors.Count == 0) failures.Add("FAIL vectors: the file has none");
        foreach (string failure in failures) Console.Error.WriteLine(failure);
        Console.WriteLine(failures.Count == 0 ? $"all {vectors.Count} vectors match" : $"{failures.Count} difference(s)");
        return failures.Count == 0 ? 0 : 1;
    }

    static string Hex(byte[] bytes) => BitConverter.ToString(bytes).Replace("-", "").ToLowerInvariant();

    static byte[] FromHex(string hex)
    {
        var bytes = new byte[hex.Length / 2];
        for (int i = 0; i < bytes.Length; i++) bytes[i] = Convert.ToByte(hex.Substring(2 * i, 2), 16);
        return bytes;
    }

    // A fresh AES-128 key from the CSPRNG for every header.
    static byte[] SessionKey()
    {
        var ks = new byte[16];
        using (var random = RandomNumberGenerator.Create()) random.GetBytes(ks);
        return ks;
    }

    // Sending the request with the client certificate of a PKCS#12 file. The server's certificate and host
    // name are checked by the default validation: never set ServerCertificateValidationCallback. A PKCS#12
    // with legacy RC2-40 encryption may need converting (openssl pkcs12 -legacy) for current runtimes.
    static string Send(string url, string envelope, string p12File, string p12Password)
    {
        var request = (HttpWebRequest)WebRequest.Create(url);
        request.Method = "POST";
        request.ContentType = "text/xml; charset=utf-8";
        request.Headers.Add("SOAPAction", "\"\"");
        request.Timeout = 30000;
        request.ClientCertificates.Add(new X509Certificate2(p12File, p12Password));
        byte[] body = Encoding.UTF8.GetBytes(envelope);
        using (Stream output = request.GetRequestStream()) output.Write(body, 0, body.Length);
        using (var response = request.GetResponse())
        using (var reader = new StreamReader(response.GetResponseStream(), Encoding.UTF8)) return reader.ReadToEnd();
    }

    public static int Main(string[] argv)
    {
        var args = new Dictionary<string, string>();
        for (int i = 0; i < argv.Length; i += 2)
        {
            string name = argv[i].StartsWith("--") ? argv[i].Substring(2) : "";
            if (Array.IndexOf(new[] { "username", "certificate", "form", "vectors" }, name) < 0 || i + 1 >= argv.Length) return Fail("unknown or incomplete argument " + argv[i]);
            args[name] = argv[i + 1];
        }
        if (args.ContainsKey("vectors")) return CheckVectors(args["vectors"]);
        string username, certificate, form, password = Environment.GetEnvironmentVariable("AREAOE_PASSWORD");
        if (!args.TryGetValue("form", out form)) form = "digest";
        if (!args.TryGetValue("username", out username) || !Regex.IsMatch(username, "^[0-9]{9}/[0-9]+$")) return Fail("--username must be NIF/UserID, e.g. 123456789/1");
        if (string.IsNullOrEmpty(password)) return Fail("set the password in the environment variable AREAOE_PASSWORD");
        if (!args.TryGetValue("certificate", out certificate)) return Fail("--certificate FILE (PEM or DER) is required");
        if (form != "digest" && form != "encrypted-created") return Fail("--form must be digest or encrypted-created");
        RSA key = ReadCertificate(File.ReadAllBytes(certificate));
        byte[] ks = SessionKey();
        string nonce = Convert.ToBase64String(key.Encrypt(ks, RSAEncryptionPadding.Pkcs1));
        Console.Out.Write(Envelope(username, HeaderFields(ks, FormatCreated(DateTime.UtcNow), password, form), nonce) + "\n");
        return 0;
    }

    static int Fail(string message)
    {
        Console.Error.WriteLine("error: " + message);
        return 2;
    }

    // The vectors' PKCS#8 RSA private key (Mono imports no PEM or PKCS#8): the DER fields, in order, into
    // RSAParameters. PrivateKeyInfo { version, algorithm, OCTET STRING { RSAPrivateKey { version, n, e, d, p, q, dp, dq, qi } } }.
    static RSA ReadPkcs8(string pem)
    {
        byte[] der = FromPem(pem);
        int at = 0;
        Func<int> header = () => { at++; int length = der[at++]; if (length < 0x80) return length; int count = length & 0x7f; for (length = 0; count-- > 0;) length = (length << 8) | der[at++]; return length; };
        Func<int, byte[]> integer = size =>
        {
            int length = header(), start = at;
            at += length;
            while (length > 1 && der[start] == 0) { start++; length--; } // unsigned: drop the sign byte
            var value = new byte[Math.Max(size, length)]; // left-padded to the size RSAParameters wants
            Array.Copy(der, start, value, value.Length - length, length);
            return value;
        };
        Action skip = () => { int length = header(); at += length; }; // not at += header(): C# reads at first
        header(); skip(); skip(); header(); header(); skip(); // down to n, past the versions and the algorithm
        byte[] n = integer(0), e = integer(0);
        int half = (n.Length + 1) / 2;
        var parameters = new RSAParameters { Modulus = n, Exponent = e, D = integer(n.Length), P = integer(half), Q = integer(half), DP = integer(half), DQ = integer(half), InverseQ = integer(half) };
        RSA rsa = RSA.Create();
        rsa.ImportParameters(parameters);
        return rsa;
    }

    // The smallest JSON reader the vectors file needs (Mono has none without an extra reference).
    class Json
    {
        readonly string s;
        int i;
        public Json(string text) { s = text; }
        public object Value()
        {
            while (char.IsWhiteSpace(s[i])) i++;
            char c = s[i];
            if (c == '{' || c == '[')
            {
                var map = new Dictionary<string, object>();
                var list = new List<object>();
                for (i++; ;)
                {
                    while (char.IsWhiteSpace(s[i]) || s[i] == ',') i++;
                    if (s[i] == '}' || s[i] == ']') { i++; return c == '{' ? (object)map : list; }
                    if (c == '[') { list.Add(Value()); continue; }
                    var key = (string)Value();
                    while (s[i] != ':') i++;
                    i++;
                    map[key] = Value();
                }
            }
            if (c != '"')
            {
                int start = i;
                while (i < s.Length && ",}] \n\r\t".IndexOf(s[i]) < 0) i++;
                return s.Substring(start, i - start) == "null" ? null : s.Substring(start, i - start);
            }
            var text = new StringBuilder();
            for (i++; s[i] != '"'; i++)
            {
                if (s[i] != '\\') { text.Append(s[i]); continue; }
                char x = s[++i];
                if (x == 'u') { text.Append((char)Convert.ToInt32(s.Substring(i + 1, 4), 16)); i += 4; }
                else text.Append(x == 'n' ? '\n' : x == 't' ? '\t' : x == 'r' ? '\r' : x == 'b' ? '\b' : x == 'f' ? '\f' : x);
            }
            i++;
            return text.ToString();
        }
    }
}
