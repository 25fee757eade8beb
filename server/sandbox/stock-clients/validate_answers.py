"""Checks the sandbox's answers against the sandbox's own WSDL with libxml2's XML Schema validator
(through lxml, which Debian's python3-zeep brings): each answer is a SOAP 1.1 envelope whose Body holds
either the operation's output element or a Fault (faultcode, faultstring, detail, unqualified, as
SOAP 1.1 section 4.4 has them) whose detail holds the WSDL fault's element; that element is validated
against the schema of the WSDL's types. Usage: /usr/bin/python3 validate_answers.py <wsdl-file> <answers.json>
(a JSON list of XML texts); prints one {"valid", "errors"} per answer."""
import json
import sys

from lxml import etree

WSDL = "http://schemas.xmlsoap.org/wsdl/"
XS = "http://www.w3.org/2001/XMLSchema"
SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/"


def payload_errors(schema, element):
    standalone = etree.fromstring(etree.tostring(element))
    if schema.validate(standalone):
        return []
    return [str(error) for error in schema.error_log]


def check(schema, text):
    errors = []
    try:
        root = etree.fromstring(text.encode("utf-8"), etree.XMLParser(resolve_entities=False, no_network=True))
    except etree.XMLSyntaxError as error:
        return [f"not well-formed: {error}"]
    if root.tag != f"{{{SOAP11}}}Envelope":
        return [f"the root is {root.tag}, not a SOAP 1.1 Envelope"]
    bodies = root.findall(f"{{{SOAP11}}}Body")
    if len(bodies) != 1 or len(bodies[0]) != 1:
        return ["the Envelope needs exactly one Body with exactly one element"]
    content = bodies[0][0]
    if any(name == "href" or name.endswith("}href") for element in root.iter() if isinstance(element.tag, str) for name in element.attrib):
        errors.append("an attribute named href (SOAP encoding's reference) is in the answer")
    if content.tag != f"{{{SOAP11}}}Fault":
        return errors + payload_errors(schema, content)
    names = [child.tag for child in content]
    if names[:2] != ["faultcode", "faultstring"] or any(name not in ("faultcode", "faultstring", "faultactor", "detail") for name in names):
        errors.append(f"the Fault's children are {names}, not faultcode, faultstring[, faultactor][, detail] unqualified")
    code = content.findtext("faultcode") or ""
    prefix, _, local = code.rpartition(":")
    if prefix and content.find("faultcode").nsmap.get(prefix) is None:
        errors.append(f"the faultcode's prefix {prefix} is not declared")
    detail = content.find("detail")
    if detail is None or len(detail) != 1:
        errors.append("the Fault needs a detail with the WSDL fault's one element")
    else:
        errors += payload_errors(schema, detail[0])
    return errors


def main(wsdl_file, answers_file):
    wsdl = etree.parse(wsdl_file)
    schema = etree.XMLSchema(wsdl.find(f"{{{WSDL}}}types/{{{XS}}}schema"))
    with open(answers_file, encoding="utf-8") as handle:
        answers = json.load(handle)
    results = []
    for text in answers:
        errors = check(schema, text)
        results.append({"valid": not errors, "errors": errors})
    print(json.dumps(results))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
