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
using System.Linq;
using System.Net;
using System.Security.Cryptography;
using System.Security.Cryptography.X509Certificates;
using System.Text;
using System.Text.RegularExpressions;

public static class AreaoeHeader
{
    // Created: UTC, yyyy-MM-ddTHH:mm:ss.SSSZ, in the invariant culture: the machine's culture (ar-SA's Hijri
    // calendar, th-TH's Buddhist era) and time zone play no part.
    const string CreatedFormat = "yyyy'-'MM'-'dd'T'HH':'mm':'ss'.'fff'Z'";
    static readonly RSAEncryptionPadding Pkcs1 = RSAEncryptionPadding.Pkcs1;
    static int failures;

    static string FormatCreated(DateTime moment) => moment.ToUniversalTime().ToString(CreatedFormat, CultureInfo.InvariantCulture);
    static string Hex(byte[] bytes) => BitConverter.ToString(bytes).Replace("-", "").ToLowerInvariant();
    static byte[] FromPem(string pem) => Convert.FromBase64String(Regex.Replace(pem, "-----[A-Z ]+-----|\\s", ""));

    // AES-128 in ECB mode with PKCS#5/7 padding, as the authority's Java sample (AES/ECB/PKCS5Padding).
    static string Aes128(byte[] ks, byte[] data)
    {
        using (Aes aes = Aes.Create())
        {
            aes.Mode = CipherMode.ECB;
            aes.Padding = PaddingMode.PKCS7;
            using (ICryptoTransform encryptor = aes.CreateEncryptor(ks, null)) return Convert.ToBase64String(encryptor.TransformFinalBlock(data, 0, data.Length));
        }
    }

    // The fields that depend on Ks: {password, digest or null, created}; Nonce is RSA(Ks) and is made apart.
    static string[] HeaderFields(byte[] ks, string created, string password, string form)
    {
        byte[] pw = Encoding.UTF8.GetBytes(password), at = Encoding.UTF8.GetBytes(created);
        if (form != "digest") return new[] { Aes128(ks, pw), null, Aes128(ks, at) };
        using (SHA1 sha1 = SHA1.Create()) return new[] { Aes128(ks, pw), Aes128(ks, sha1.ComputeHash(ks.Concat(at).Concat(pw).ToArray())), created };
    }

    static string Envelope(string username, string[] f, string nonce) =>
        "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\">\n  <soapenv:Header>\n"
        + "    <wss:Security xmlns:wss=\"http://schemas.xmlsoap.org/ws/2002/12/secext\">\n      <wss:UsernameToken>\n"
        + $"        <wss:Username>{username}</wss:Username>\n        <wss:Password{(f[1] == null ? "" : $" Digest=\"{f[1]}\"")}>{f[0]}</wss:Password>\n"
        + $"        <wss:Nonce>{nonce}</wss:Nonce>\n        <wss:Created>{f[2]}</wss:Created>\n"
        + "      </wss:UsernameToken>\n    </wss:Security>\n  </soapenv:Header>\n  <soapenv:Body/>\n</soapenv:Envelope>";

    // PEM or DER (X509Certificate2 reads both). Warns on standard error when the certificate expires within 30 days.
    static RSA ReadCertificate(byte[] data)
    {
        var cert = new X509Certificate2(data);
        double daysLeft = (cert.NotAfter.ToUniversalTime() - DateTime.UtcNow).TotalDays;
        if (daysLeft < 30) Console.Error.WriteLine($"warning: the certificate {(daysLeft < 0 ? "expired" : "expires")} on {FormatCreated(cert.NotAfter)}; get the authority's current one");
        return cert.GetRSAPublicKey();
    }

    // Compares this file's output with the published test vectors; any difference exits non-zero.
    static int CheckVectors(string path)
    {
        var data = (Dictionary<string, object>)ReadJson(JsonToken.Matches(File.ReadAllText(path, Encoding.UTF8)).Cast<Match>().GetEnumerator());
        var testKey = (Dictionary<string, object>)data["testKey"];
        RSA privateKey = ReadPkcs8((string)testKey["privateKeyPem"]);
        var vectors = (List<object>)data["vectors"];
        foreach (Dictionary<string, object> v in vectors)
        {
            string name = (string)v["name"], created = (string)v["created"];
            byte[] ks = privateKey.Decrypt(Convert.FromBase64String((string)v["nonce"]), Pkcs1);
            Expect(name, "decrypted nonce", Hex(ks), ((string)v["ks"]).ToLowerInvariant());
            string[] f = HeaderFields(ks, created, (string)v["password"], (string)v["form"]); // from the Ks just checked
            Expect(name, "passwordCipher", f[0], (string)v["passwordCipher"]);
            Expect(name, "digest", f[1], (string)v["digest"]);
            Expect(name, "createdCipher", f[1] == null ? f[2] : null, (string)v["createdCipher"]);
            DateTime at = DateTime.ParseExact(created, CreatedFormat, CultureInfo.InvariantCulture, DateTimeStyles.AdjustToUniversal | DateTimeStyles.AssumeUniversal);
            Expect(name, "formatted created", FormatCreated(at), created);
        }
        // Our own RSA encryption, under the vectors' certificate, must decrypt back to Ks.
        var fresh = new byte[16];
        using (var random = RandomNumberGenerator.Create()) random.GetBytes(fresh);
        RSA publicKey = ReadCertificate(Encoding.ASCII.GetBytes((string)testKey["certificatePem"]));
        Expect("rsa round trip", "decrypted Ks", Hex(privateKey.Decrypt(publicKey.Encrypt(fresh, Pkcs1), Pkcs1)), Hex(fresh));
        if (vectors.Count == 0) Expect("vectors", "count", "0", "at least 1");
        Console.WriteLine(failures == 0 ? $"all {vectors.Count} vectors match" : $"{failures} difference(s)");
        return failures == 0 ? 0 : 1;
    }

    static void Expect(string name, string what, string actual, string wanted)
    {
        if (actual == wanted) return;
        failures++;
        Console.Error.WriteLine($"FAIL {name}: {what} is {actual}, expected {wanted}");
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
        var ks = new byte[16];
        using (var random = RandomNumberGenerator.Create()) random.GetBytes(ks); // a fresh AES-128 key from the CSPRNG for every header
        string nonce = Convert.ToBase64String(key.Encrypt(ks, Pkcs1));
        Console.Out.Write(Envelope(username, HeaderFields(ks, FormatCreated(DateTime.UtcNow), password, form), nonce) + "\n");
        return 0;
    }

    static int Fail(string message)
    {
        Console.Error.WriteLine("error: " + message);
        return 2;
    }

    // The vectors' PKCS#8 RSA private key, which Mono cannot import, read as DER: into every SEQUENCE and the OCTET
    // STRING, keeping each INTEGER: PrivateKeyInfo's version, RSAPrivateKey's version, then n, e, d, p, q, dp, dq, qi.
    static RSA ReadPkcs8(string pem)
    {
        byte[] der = FromPem(pem);
        var integers = new List<byte[]>();
        for (int at = 0; at < der.Length;)
        {
            byte tag = der[at++];
            int length = der[at++];
            if (length > 0x80)
            {
                int count = length - 0x80;
                for (length = 0; count-- > 0;) length = (length << 8) | der[at++];
            }
            if (tag == 0x02) integers.Add(der.Skip(at).Take(length).SkipWhile(b => b == 0).ToArray()); // unsigned: no sign byte
            if (tag != 0x30 && tag != 0x04) at += length;
        }
        byte[] n = integers[2];
        int half = (n.Length + 1) / 2;
        // Left-padded with zeros to the sizes RSAParameters wants.
        Func<int, int, byte[]> sized = (index, size) => new byte[size - integers[index].Length].Concat(integers[index]).ToArray();
        RSA rsa = RSA.Create();
        rsa.ImportParameters(new RSAParameters { Modulus = n, Exponent = integers[3], D = sized(4, n.Length), P = sized(5, half), Q = sized(6, half), DP = sized(7, half), DQ = sized(8, half), InverseQ = sized(9, half) });
        return rsa;
    }

    // The smallest JSON reader the vectors file needs (Mono has none without an extra reference). Its tokens are
    // strings, brackets and bare words (null, numbers); commas and colons only separate them.
    static readonly Regex JsonToken = new Regex("\"(?:[^\"\\\\]|\\\\.)*\"|[{}\\[\\]]|[^\\s,:{}\\[\\]\"]+");
    static readonly object End = new object();

    static object ReadJson(IEnumerator<Match> tokens)
    {
        if (!tokens.MoveNext()) throw new InvalidDataException("the JSON ends early");
        string token = tokens.Current.Value;
        if (token == "}" || token == "]") return End;
        if (token == "{" || token == "[")
        {
            var map = new Dictionary<string, object>();
            var list = new List<object>();
            for (object item; (item = ReadJson(tokens)) != End;)
            {
                if (token == "[") list.Add(item);
                else map[(string)item] = ReadJson(tokens);
            }
            return token == "{" ? (object)map : list;
        }
        if (token[0] == '"') return Regex.Unescape(token.Substring(1, token.Length - 2));
        return token == "null" ? null : token;
    }
}
