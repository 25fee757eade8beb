<?php
// SPDX-License-Identifier: 0BSD
// areaOE security header sample for PHP 8.1 or later with the openssl extension (tested: 8.2). Copy, change and use it freely.
// Makes the WS-Security UsernameToken header the customs web services expect, in a SOAP 1.1 envelope:
//   AREAOE_PASSWORD=... php areaoe-header.php --username 123456789/1 --certificate authority.pem [--form digest|encrypted-created]
//   php areaoe-header.php --vectors security-header-test-vectors.json   (checks this code; exit 0 = all match)
declare(strict_types=1);

const WSS = 'http://schemas.xmlsoap.org/ws/2002/12/secext';
const SOAP11 = 'http://schemas.xmlsoap.org/soap/envelope/';

// AES-128 in ECB mode with PKCS#5/7 padding (openssl_encrypt's default), as the authority's Java sample.
function aes(string $ks, string $data): string
{
    $cipher = openssl_encrypt($data, 'aes-128-ecb', $ks, OPENSSL_RAW_DATA);
    if ($cipher === false) throw new RuntimeException('AES failed: ' . openssl_error_string());
    return base64_encode($cipher);
}

// UTC, yyyy-MM-ddTHH:mm:ss.SSSZ. gmdate() formats numbers only: no locale, no time zone setting.
function format_created(int $seconds, int $milliseconds): string
{
    return gmdate('Y-m-d\TH:i:s', $seconds) . sprintf('.%03dZ', $milliseconds);
}

// The fields that depend on Ks; Nonce is RSA(Ks) and is made apart. PHP strings are bytes: the password is UTF-8 as given.
function header_fields(string $ks, string $created, string $password, string $form): array
{
    $fields = ['password' => aes($ks, $password), 'digest' => null, 'created' => $created];
    if ($form === 'digest') {
        $fields['digest'] = aes($ks, sha1($ks . $created . $password, true));
    } else {
        $fields['created'] = aes($ks, $created);
    }
    return $fields;
}

function envelope(string $username, array $f, string $nonce): string
{
    $digest = $f['digest'] === null ? '' : ' Digest="' . $f['digest'] . '"';
    return '<soapenv:Envelope xmlns:soapenv="' . SOAP11 . "\">\n  <soapenv:Header>\n"
        . '    <wss:Security xmlns:wss="' . WSS . "\">\n      <wss:UsernameToken>\n"
        . "        <wss:Username>$username</wss:Username>\n"
        . "        <wss:Password$digest>{$f['password']}</wss:Password>\n"
        . "        <wss:Nonce>$nonce</wss:Nonce>\n"
        . "        <wss:Created>{$f['created']}</wss:Created>\n"
        . "      </wss:UsernameToken>\n    </wss:Security>\n  </soapenv:Header>\n  <soapenv:Body/>\n</soapenv:Envelope>";
}

// PEM or DER (openssl_x509_read takes PEM: DER is wrapped first). Warns when it expires within 30 days.
function read_certificate(string $data): OpenSSLCertificate
{
    if (!str_contains($data, '-----BEGIN CERTIFICATE-----')) {
        $data = "-----BEGIN CERTIFICATE-----\n" . chunk_split(base64_encode($data), 64, "\n") . "-----END CERTIFICATE-----\n";
    }
    $cert = openssl_x509_read($data);
    if ($cert === false) fail('the certificate is neither PEM nor DER X.509');
    $notAfter = openssl_x509_parse($cert)['validTo_time_t'];
    $daysLeft = ($notAfter - time()) / 86400;
    if ($daysLeft < 30) {
        fwrite(STDERR, sprintf("warning: the certificate %s on %s; get the authority's current one\n",
            $daysLeft < 0 ? 'expired' : 'expires', format_created($notAfter, 0)));
    }
    return $cert;
}

function rsa_encrypt(OpenSSLCertificate $cert, string $ks): string
{
    if (!openssl_public_encrypt($ks, $out, openssl_pkey_get_public($cert), OPENSSL_PKCS1_PADDING)) fail('RSA failed');
    return $out;
}

function generate(array $args): void
{
    $password = getenv('AREAOE_PASSWORD');
    $username = $args['username'] ?? '';
    $form = $args['form'] ?? 'digest';
    if (!preg_match('~^[0-9]{9}/[0-9]+$~D', $username)) fail('--username must be NIF/UserID, e.g. 123456789/1');
    if ($password === false || $password === '') fail('set the password in the environment variable AREAOE_PASSWORD');
    if (!isset($args['certificate'])) fail('--certificate FILE (PEM or DER) is required');
    if ($form !== 'digest' && $form !== 'encrypted-created') fail('--form must be digest or encrypted-created');
    $cert = read_certificate((string) file_get_contents($args['certificate']));
    $ks = random_bytes(16); // a fresh AES-128 key from the CSPRNG for every header
    [$micro, $seconds] = explode(' ', microtime());
    $created = format_created((int) $seconds, intdiv((int) round((float) $micro * 1e6), 1000) % 1000);
    echo envelope($username, header_fields($ks, $created, $password, $form), base64_encode(rsa_encrypt($cert, $ks))), "\n";
}

// Compares this file's output with the published test vectors; any difference exits non-zero.
function check_vectors(string $path): int
{
    $data = json_decode((string) file_get_contents($path), true, 16, JSON_THROW_ON_ERROR);
    $privateKey = openssl_pkey_get_private($data['testKey']['privateKeyPem']);
    $failures = 0;
    $expect = function (string $name, string $what, ?string $actual, ?string $wanted) use (&$failures): void {
        if ($actual !== $wanted) {
            $failures++;
            fwrite(STDERR, "FAIL $name: $what is " . var_export($actual, true) . ', expected ' . var_export($wanted, true) . "\n");
        }
    };
    foreach ($data['vectors'] as $v) {
        $ks = hex2bin($v['ks']);
        $clear = openssl_private_decrypt(base64_decode($v['nonce'], true), $out, $privateKey, OPENSSL_PKCS1_PADDING) ? bin2hex($out) : null;
        $expect($v['name'], 'decrypted nonce', $clear, strtolower($v['ks']));
        $f = header_fields($ks, $v['created'], $v['password'], $v['form']);
        $expect($v['name'], 'passwordCipher', $f['password'], $v['passwordCipher']);
        $expect($v['name'], 'digest', $f['digest'], $v['digest']);
        $expect($v['name'], 'createdCipher', $v['form'] === 'digest' ? null : $f['created'], $v['createdCipher']);
        $at = DateTimeImmutable::createFromFormat('Y-m-d\TH:i:s.v\Z', $v['created'], new DateTimeZone('UTC'));
        $expect($v['name'], 'formatted created', $at ? format_created($at->getTimestamp(), (int) $at->format('v')) : null, $v['created']);
    }
    // Our own RSA encryption, under the vectors' certificate, must decrypt back to Ks.
    $ks = random_bytes(16);
    $back = openssl_private_decrypt(rsa_encrypt(read_certificate($data['testKey']['certificatePem']), $ks), $out, $privateKey, OPENSSL_PKCS1_PADDING) ? $out : null;
    $expect('rsa round trip', 'decrypted Ks', $back === null ? null : bin2hex($back), bin2hex($ks));
    if (count($data['vectors']) === 0) $expect('vectors', 'count', '0', 'at least 1');
    echo $failures === 0 ? 'all ' . count($data['vectors']) . " vectors match\n" : "$failures difference(s)\n";
    return $failures === 0 ? 0 : 1;
}

// Sending the request (needs the curl extension, Debian php-curl): the client certificate from a PKCS#12
// file, and the server's certificate and host name checked (VERIFYPEER true, VERIFYHOST 2: never lower
// them). A PKCS#12 with legacy RC2-40 encryption may be refused by OpenSSL 3: convert it with openssl pkcs12 -legacy.
function send(string $url, string $envelopeXml, string $p12File, string $p12Password): string
{
    $curl = curl_init($url);
    curl_setopt_array($curl, [
        CURLOPT_POST => true,
        CURLOPT_POSTFIELDS => $envelopeXml,
        CURLOPT_HTTPHEADER => ['Content-Type: text/xml; charset=utf-8', 'SOAPAction: ""'],
        CURLOPT_SSLCERTTYPE => 'P12',
        CURLOPT_SSLCERT => $p12File,
        CURLOPT_SSLCERTPASSWD => $p12Password,
        CURLOPT_SSL_VERIFYPEER => true,
        CURLOPT_SSL_VERIFYHOST => 2,
        CURLOPT_RETURNTRANSFER => true,
        CURLOPT_TIMEOUT => 30,
    ]);
    $answer = curl_exec($curl);
    if ($answer === false) throw new RuntimeException('request failed: ' . curl_error($curl));
    return (string) $answer;
}

function fail(string $message): never
{
    fwrite(STDERR, "error: $message\n");
    exit(2);
}

$args = [];
for ($i = 1; $i < $argc; $i += 2) {
    $name = substr($argv[$i], 2);
    if (!in_array($name, ['username', 'certificate', 'form', 'vectors'], true) || !isset($argv[$i + 1])) fail("unknown or incomplete argument {$argv[$i]}");
    $args[$name] = $argv[$i + 1];
}
if (isset($args['vectors'])) exit(check_vectors($args['vectors']));
generate($args);
