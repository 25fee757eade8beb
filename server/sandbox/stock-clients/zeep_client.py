"""Python's zeep, as an integrator's script uses it, against the portal's sandbox: the client is made
from the sandbox's WSDL, each case's security header goes in `_soapheaders`, its HTTP headers in the
transport's session. For each case it prints what zeep exposes: the success value, or the Fault's code,
message and detail. Usage: /usr/bin/python3 zeep_client.py <wsdl-url> <cases.json>
(server/sandbox/stock-clients.test.ts; Debian's python3-zeep)."""
import json
import sys

from lxml import etree
from zeep import Client, Settings
from zeep.exceptions import Fault
from zeep.helpers import serialize_object
from zeep.plugins import Plugin
from zeep.transports import Transport


class Mutation(Plugin):
    """Changes the request before it goes out (a case that sends what a stock client would not)."""

    def __init__(self):
        self.mutation = None

    def egress(self, envelope, http_headers, operation, binding_options):
        if self.mutation == "soap12-envelope":
            text = etree.tostring(envelope).replace(b"http://schemas.xmlsoap.org/soap/envelope/", b"http://www.w3.org/2003/05/soap-envelope")
            envelope = etree.fromstring(text)
        return envelope, http_headers


def detail_of(detail):
    """The Fault's detail as data: each Finding with its code, catalogue address, params and text."""
    if detail is None:
        return None
    findings = []
    for element in detail.iter("{urn:areaoe:sandbox:security-header}Finding"):
        findings.append({"code": element.get("code"), "catalogue": element.get("catalogue"), "text": element.text, "params": {etree.QName(name).localname: value for name, value in element.attrib.items() if name.startswith("{")}})
    trace = detail.find(".//{urn:areaoe:sandbox:security-header}Trace")
    return {"findings": findings, "trace": dict(trace.attrib) if trace is not None else None}


def main(wsdl, cases_file):
    with open(cases_file, encoding="utf-8") as handle:
        cases = json.load(handle)
    results = []
    for case in cases:
        transport = Transport(timeout=30)
        transport.session.headers.update(case.get("headers", {}))
        mutation = Mutation()
        mutation.mutation = case.get("mutation")
        client = Client(wsdl, transport=transport, plugins=[mutation], settings=Settings(strict=True))
        service = client.create_service("{urn:areaoe:sandbox:security-header}SecurityHeaderSandboxSoap11", case["location"]) if case.get("location") else client.service
        result = {"name": case["name"]}
        try:
            value = service.CheckSecurityHeader(_soapheaders=[etree.fromstring(case["security"])])
            result["value"] = json.loads(json.dumps(serialize_object(value, dict), default=str))
        except Fault as fault:
            result["fault"] = {"faultcode": fault.code, "faultstring": fault.message, "detail": detail_of(fault.detail)}
        results.append(result)
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
