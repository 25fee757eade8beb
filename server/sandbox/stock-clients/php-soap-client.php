<?php
// PHP's own SOAP client (php-soap's SoapClient), as an integrator's ERP add-on uses it, against the
// portal's sandbox: the client is made from the sandbox's WSDL, each case's security header goes in a
// SoapHeader (the usual XSD_ANYXML idiom), its HTTP headers in the stream context. For each case it
// prints what the client exposes: the success value, or the SoapFault's code, string and detail.
// Usage: php php-soap-client.php <wsdl-url> <cases.json>   (server/sandbox/stock-clients.test.ts)
declare(strict_types=1);

const WSS = 'http://schemas.xmlsoap.org/ws/2002/12/secext';

/** A SoapClient whose request can be changed before it goes out (a case that sends what a stock client would not). */
final class CaseClient extends SoapClient
{
    public ?string $mutation = null;

    public function __doRequest(string $request, string $location, string $action, int $version, bool $oneWay = false): ?string
    {
        if ($this->mutation === 'soap12-envelope') {
            $request = str_replace('http://schemas.xmlsoap.org/soap/envelope/', 'http://www.w3.org/2003/05/soap-envelope', $request);
        } elseif ($this->mutation === 'not-xml') {
            $request = 'this is not XML';
        }
        return parent::__doRequest($request, $location, $action, $version, $oneWay);
    }
}

/** Objects and arrays as plain JSON data (SoapClient gives stdClass objects). */
function plain(mixed $value): mixed
{
    if (is_object($value)) $value = get_object_vars($value);
    if (is_array($value)) return array_map('plain', $value);
    return $value;
}

[$script, $wsdl, $casesFile] = $argv + [null, null, null];
if ($wsdl === null || $casesFile === null) {
    fwrite(STDERR, "usage: php php-soap-client.php <wsdl-url> <cases.json>\n");
    exit(2);
}
$cases = json_decode((string) file_get_contents($casesFile), true, 16, JSON_THROW_ON_ERROR);
$results = [];
foreach ($cases as $case) {
    $headers = [];
    foreach ($case['headers'] ?? [] as $name => $value) $headers[] = "$name: $value";
    $options = [
        'trace' => true,
        'exceptions' => true,
        'cache_wsdl' => WSDL_CACHE_NONE,
        'soap_version' => SOAP_1_1,
        'stream_context' => stream_context_create(['http' => ['header' => implode("\r\n", $headers), 'ignore_errors' => true]]),
    ];
    if (isset($case['location'])) $options['location'] = $case['location'];
    $client = new CaseClient($wsdl, $options);
    $client->mutation = $case['mutation'] ?? null;
    $client->__setSoapHeaders([new SoapHeader(WSS, 'Security', new SoapVar($case['security'], XSD_ANYXML), true)]);
    $result = ['name' => $case['name']];
    try {
        $result['value'] = plain($client->CheckSecurityHeader([]));
    } catch (SoapFault $fault) {
        $result['fault'] = [
            'faultcode' => $fault->faultcode,
            'faultstring' => $fault->faultstring,
            'detail' => plain($fault->detail ?? null),
        ];
    }
    $last = $client->__getLastResponseHeaders() ?? '';
    $result['status'] = preg_match('#^HTTP/\S+ (\d{3})#', $last, $m) ? (int) $m[1] : 0;
    $result['request'] = $client->__getLastRequest();
    $result['response'] = $client->__getLastResponse();
    $results[] = $result;
}
echo json_encode($results, JSON_THROW_ON_ERROR | JSON_UNESCAPED_SLASHES | JSON_PRETTY_PRINT), "\n";
