// areaOE security header for SoapUI: puts a FRESH WS-Security header into every outgoing SOAP 1.1
// request, as the tax authority's customs web services require.
//
// Plain Java-style Groovy using only JDK classes, so that it runs unchanged on Groovy 2.4 and 3.x.
// Installation and settings: README.md beside this file.
//
// Where it runs, and which variables of SoapUI it relies on:
//  - Project event handler "RequestFilter.filterRequest" (Project > Events; a ReadyAPI / SoapUI Pro
//    feature). SoapUI hands the handler:
//      context  the SubmitContext; its property "requestContent" holds the request body about to be sent
//               (read with context.getProperty("requestContent"), replaced with context.setProperty(...))
//      request  the Request being sent; its project is request.getOperation().getInterface().getProject()
//      log      the script log
//  - Groovy Script test step (open-source SoapUI, which has no project events), placed right before a
//    SOAP request step. SoapUI hands the step:
//      testRunner  its project is testRunner.getTestCase().getTestSuite().getProject()
//      context     the script stores the header XML in the context property "areaoeSecurityHeader";
//                  the request step then contains ${areaoeSecurityHeader} inside its soapenv:Header
//      log         the script log
//
// Project properties read with project.getPropertyValue(name):
//   areaoe.username     NIF/UserID: 9 digits, a slash, digits (for example 123456789/1)
//   areaoe.certificate  absolute path of the authority's certificate file, PEM or DER
//   areaoe.form         "digest" (default) or "encrypted-created"
//   areaoe.password     the password; leave it EMPTY and set the environment variable AREAOE_PASSWORD
//                       before starting SoapUI instead: project files are saved in clear text and get
//                       shared (version control, e-mail, support tickets), environment variables do not.

import groovy.transform.Field

import java.io.ByteArrayInputStream
import java.io.File
import java.io.StringReader
import java.io.StringWriter
import java.nio.charset.Charset
import java.nio.file.Files
import java.security.MessageDigest
import java.security.PublicKey
import java.security.cert.Certificate
import java.security.cert.CertificateFactory
import java.security.cert.X509Certificate
import java.text.SimpleDateFormat
import java.util.ArrayList
import java.util.Base64
import java.util.Date
import java.util.HashMap
import java.util.List
import java.util.Map
import java.util.TimeZone
import java.util.regex.Matcher
import java.util.regex.Pattern
import javax.crypto.Cipher
import javax.crypto.KeyGenerator
import javax.crypto.spec.SecretKeySpec
import javax.xml.XMLConstants
import javax.xml.parsers.DocumentBuilder
import javax.xml.parsers.DocumentBuilderFactory
import javax.xml.transform.OutputKeys
import javax.xml.transform.Transformer
import javax.xml.transform.TransformerFactory
import javax.xml.transform.dom.DOMSource
import javax.xml.transform.stream.StreamResult
import org.w3c.dom.Document
import org.w3c.dom.Element
import org.w3c.dom.Node
import org.xml.sax.InputSource
import org.xml.sax.helpers.DefaultHandler

@Field static final String WSS_NS = "http://schemas.xmlsoap.org/ws/2002/12/secext"
@Field static final String SOAP11_NS = "http://schemas.xmlsoap.org/soap/envelope/"
@Field static final String XMLNS_NS = "http://www.w3.org/2000/xmlns/"
@Field static final String FORM_DIGEST = "digest"
@Field static final String FORM_ENCRYPTED_CREATED = "encrypted-created"
@Field static final String HEADER_CONTEXT_PROPERTY = "areaoeSecurityHeader"
@Field static final String PASSWORD_ENV = "AREAOE_PASSWORD"
@Field static final Charset UTF8 = Charset.forName("UTF-8")

// ---------------------------------------------------------------------------------------------------
// Core: the header itself (no SoapUI objects here, so a test can call it directly)
// ---------------------------------------------------------------------------------------------------

/** The wss:Security header as XML text, with a fresh AES-128 session key. */
static String buildSecurityHeader(String username, String password, PublicKey authorityKey, String form, Date now) {
    Document doc = newDocumentBuilder().newDocument()
    doc.appendChild(buildSecurityElement(doc, username, password, authorityKey, form, now))
    return serialize(doc)
}

/** The wss:Security element, created in (not yet inserted into) the given document. */
static Element buildSecurityElement(Document doc, String username, String password, PublicKey authorityKey,
                                    String form, Date now) {
    if (!FORM_DIGEST.equals(form) && !FORM_ENCRYPTED_CREATED.equals(form)) {
        throw new IllegalArgumentException("unknown form '" + form + "'")
    }
    KeyGenerator generator = KeyGenerator.getInstance("AES")
    generator.init(128)
    byte[] sessionKey = generator.generateKey().getEncoded()
    String created = formatCreated(now)

    Element security = doc.createElementNS(WSS_NS, "wss:Security")
    security.setAttributeNS(XMLNS_NS, "xmlns:wss", WSS_NS)
    Element token = appendElement(doc, security, "wss:UsernameToken", null)
    appendElement(doc, token, "wss:Username", username)
    Element passwordElement = appendElement(doc, token, "wss:Password", base64(aesEncrypt(sessionKey, password.getBytes(UTF8))))
    if (FORM_DIGEST.equals(form)) {
        passwordElement.setAttribute("Digest", base64(aesEncrypt(sessionKey, digestInput(sessionKey, created, password))))
    }
    appendElement(doc, token, "wss:Nonce", base64(rsaEncrypt(authorityKey, sessionKey)))
    String createdText = FORM_DIGEST.equals(form) ? created : base64(aesEncrypt(sessionKey, created.getBytes(UTF8)))
    appendElement(doc, token, "wss:Created", createdText)
    return security
}

/** UTC, yyyy-MM-ddTHH:mm:ss.SSSZ; a new formatter each time because SimpleDateFormat is not thread-safe. */
static String formatCreated(Date date) {
    SimpleDateFormat format = new SimpleDateFormat("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'")
    format.setTimeZone(TimeZone.getTimeZone("UTC"))
    return format.format(date)
}

/** SHA-1(Ks raw bytes || UTF-8 Created || UTF-8 password). */
static byte[] digestInput(byte[] sessionKey, String created, String password) {
    MessageDigest sha1 = MessageDigest.getInstance("SHA-1")
    sha1.update(sessionKey)
    sha1.update(created.getBytes(UTF8))
    sha1.update(password.getBytes(UTF8))
    return sha1.digest()
}

static byte[] aesEncrypt(byte[] sessionKey, byte[] plaintext) {
    Cipher cipher = Cipher.getInstance("AES/ECB/PKCS5Padding")
    cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(sessionKey, "AES"))
    return cipher.doFinal(plaintext)
}

// The authority's Java sample calls Cipher.getInstance("RSA"), which the JDK's provider maps to
// RSA/ECB/PKCS1Padding. Named in full because SoapUI also ships BouncyCastle, whose bare "RSA" means
// no padding at all.
static byte[] rsaEncrypt(PublicKey key, byte[] plaintext) {
    Cipher cipher = Cipher.getInstance("RSA/ECB/PKCS1Padding")
    cipher.init(Cipher.ENCRYPT_MODE, key)
    return cipher.doFinal(plaintext)
}

static String base64(byte[] bytes) {
    return Base64.getEncoder().encodeToString(bytes)
}

static Element appendElement(Document doc, Element parent, String qualifiedName, String text) {
    Element element = doc.createElementNS(WSS_NS, qualifiedName)
    if (text != null) {
        element.appendChild(doc.createTextNode(text))
    }
    parent.appendChild(element)
    return element
}

// ---------------------------------------------------------------------------------------------------
// The SOAP envelope: replace or add the header
// ---------------------------------------------------------------------------------------------------

/**
 * The envelope with a fresh header in soapenv:Header (replacing any wss:Security there, creating the
 * Header when missing), or null when the content is not a SOAP 1.1 envelope (left for SoapUI as is).
 */
static String insertSecurityHeader(String envelopeXml, String username, String password, PublicKey authorityKey,
                                   String form, Date now) {
    Document doc = parseOrNull(envelopeXml)
    if (doc == null || !isSoap11Envelope(doc)) {
        return null
    }
    putSecurityHeader(doc, buildSecurityElement(doc, username, password, authorityKey, form, now))
    return xmlDeclaration(envelopeXml) + serialize(doc)
}

static boolean isSoap11Envelope(Document doc) {
    Element root = doc.getDocumentElement()
    return SOAP11_NS.equals(root.getNamespaceURI()) && "Envelope".equals(root.getLocalName())
}

/** Puts the header where the first old wss:Security was (else first in the Header) and drops the old ones. */
static void putSecurityHeader(Document doc, Element security) {
    Element header = soapHeader(doc, doc.getDocumentElement())
    List<Node> old = new ArrayList<Node>()
    for (Node node = header.getFirstChild(); node != null; node = node.getNextSibling()) {
        if (node.getNodeType() == Node.ELEMENT_NODE && WSS_NS.equals(node.getNamespaceURI())
                && "Security".equals(node.getLocalName())) {
            old.add(node)
        }
    }
    header.insertBefore(security, old.isEmpty() ? header.getFirstChild() : old.get(0))
    for (Node node : old) {
        header.removeChild(node)
    }
}

/** The envelope's SOAP 1.1 Header, created before the Body (with the envelope's own prefix) if absent. */
static Element soapHeader(Document doc, Element envelope) {
    Element firstChild = null
    for (Node node = envelope.getFirstChild(); node != null; node = node.getNextSibling()) {
        if (node.getNodeType() != Node.ELEMENT_NODE) {
            continue
        }
        if (firstChild == null) {
            firstChild = (Element) node
        }
        if (SOAP11_NS.equals(node.getNamespaceURI()) && "Header".equals(node.getLocalName())) {
            return (Element) node
        }
    }
    String prefix = envelope.getPrefix()
    Element header = doc.createElementNS(SOAP11_NS, prefix == null ? "Header" : prefix + ":Header")
    envelope.insertBefore(header, firstChild)
    return header
}

/** Namespace-aware DOM parser that refuses any DTD, so no entity is ever expanded or fetched. */
static DocumentBuilder newDocumentBuilder() {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance()
    factory.setNamespaceAware(true)
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true)
    factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true)
    factory.setXIncludeAware(false)
    factory.setExpandEntityReferences(false)
    return factory.newDocumentBuilder()
}

/** The parsed document, or null when the text is not well-formed XML (or carries a DTD). */
static Document parseOrNull(String xml) {
    DocumentBuilder builder = newDocumentBuilder()
    builder.setErrorHandler(new DefaultHandler()) // throws on fatal errors, prints nothing
    try {
        return builder.parse(new InputSource(new StringReader(xml)))
    } catch (org.xml.sax.SAXException ignored) {
        return null
    }
}

static String serialize(Document doc) {
    TransformerFactory factory = TransformerFactory.newInstance()
    try {
        factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "")
        factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_STYLESHEET, "")
    } catch (IllegalArgumentException ignored) {
        // Not every TransformerFactory on SoapUI's class path knows these; the DOM has no DTD anyway.
    }
    Transformer transformer = factory.newTransformer()
    transformer.setOutputProperty(OutputKeys.OMIT_XML_DECLARATION, "yes")
    StringWriter out = new StringWriter()
    transformer.transform(new DOMSource(doc), new StreamResult(out))
    return out.toString()
}

/** The request's own XML declaration and the white space after it, kept verbatim (its encoding must match what SoapUI sends). */
static String xmlDeclaration(String xml) {
    Matcher matcher = Pattern.compile("^\\s*(<\\?xml[^?]*\\?>\\s*)").matcher(xml)
    return matcher.find() ? matcher.group(1) : ""
}

// ---------------------------------------------------------------------------------------------------
// Settings from the project's properties
// ---------------------------------------------------------------------------------------------------

/** The project's settings as a map: username, password, form, certificatePath, authorityKey. */
static Map<String, Object> readSettings(Object project, String passwordFromEnvironment, Object log) {
    Map<String, Object> settings = new HashMap<String, Object>()
    String username = propertyValue(project, "areaoe.username")
    if (username.isEmpty()) {
        fail(log, "project property areaoe.username is empty: set it to your NIF/UserID (9 digits, a slash, digits)")
    }
    if (!username.matches("[0-9]{9}/[0-9]+")) {
        fail(log, "project property areaoe.username must be NIF/UserID (9 digits, a slash, digits), not '" + username + "'")
    }
    settings.put("username", username)

    String form = propertyValue(project, "areaoe.form")
    if (form.isEmpty()) {
        form = FORM_DIGEST
    }
    if (!FORM_DIGEST.equals(form) && !FORM_ENCRYPTED_CREATED.equals(form)) {
        fail(log, "project property areaoe.form must be '" + FORM_DIGEST + "' or '" + FORM_ENCRYPTED_CREATED + "', not '" + form + "'")
    }
    settings.put("form", form)

    String certificatePath = propertyValue(project, "areaoe.certificate")
    if (certificatePath.isEmpty()) {
        fail(log, "project property areaoe.certificate is empty: set it to the absolute path of the authority's certificate file (PEM or DER)")
    }
    settings.put("certificatePath", certificatePath)
    settings.put("authorityKey", readAuthorityKey(certificatePath, log))

    String password = propertyValue(project, "areaoe.password")
    if (password.isEmpty()) {
        password = passwordFromEnvironment == null ? "" : passwordFromEnvironment
    }
    if (password.isEmpty()) {
        fail(log, "no password: set the environment variable " + PASSWORD_ENV + " before starting SoapUI (recommended), or the project property areaoe.password")
    }
    settings.put("password", password)
    return settings
}

static String propertyValue(Object project, String name) {
    Object value = project.getPropertyValue(name)
    return value == null ? "" : value.toString().trim()
}

/** The RSA public key of an X.509 certificate file, PEM or DER. */
static PublicKey readAuthorityKey(String path, Object log) {
    File file = new File(path)
    if (!file.isFile()) {
        fail(log, "project property areaoe.certificate: no such file: " + path + " (give an absolute path)")
    }
    Certificate certificate = null
    try {
        byte[] bytes = Files.readAllBytes(file.toPath())
        certificate = CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(bytes))
    } catch (Exception e) {
        fail(log, "project property areaoe.certificate: " + path + " is not an X.509 certificate in PEM or DER (" + e.getMessage() + ")")
    }
    PublicKey key = certificate.getPublicKey()
    if (!"RSA".equals(key.getAlgorithm())) {
        fail(log, "project property areaoe.certificate: the key in " + path + " is " + key.getAlgorithm() + ", not RSA")
    }
    if (certificate instanceof X509Certificate) {
        X509Certificate x509 = (X509Certificate) certificate
        Date now = new Date()
        if (now.after(x509.getNotAfter()) || now.before(x509.getNotBefore())) {
            log.warn("areaOE security header: the certificate in " + path + " is valid only from "
                    + formatCreated(x509.getNotBefore()) + " to " + formatCreated(x509.getNotAfter()))
        }
    }
    return key
}

/** Logs the message and throws, so SoapUI shows it; messages never contain the password. */
static void fail(Object log, String message) {
    String full = "areaOE security header: " + message
    log.error(full)
    throw new IllegalStateException(full)
}

// ---------------------------------------------------------------------------------------------------
// Entry points: thin, only SoapUI's variables
// ---------------------------------------------------------------------------------------------------

/** RequestFilter.filterRequest: replaces the request content with one that carries a fresh header. */
static void filterRequest(Object context, Object request, Object log, String passwordFromEnvironment) {
    Object content = context.getProperty("requestContent")
    if (content == null) {
        return
    }
    String xml = content.toString()
    Document doc = parseOrNull(xml)
    if (doc == null) {
        log.warn("areaOE security header: the request is not well-formed XML without a DTD; sent without a header")
        return
    }
    if (!isSoap11Envelope(doc)) {
        log.info("areaOE security header: the request is not a SOAP 1.1 envelope; left unchanged")
        return
    }
    Object operation = request.getOperation()
    Object iface = operation == null ? null : operation.getInterface()
    Object project = iface == null ? null : iface.getProject()
    if (project == null) {
        fail(log, "cannot find the project of this request (request.getOperation().getInterface().getProject())")
    }
    Map<String, Object> settings = readSettings(project, passwordFromEnvironment, log)
    putSecurityHeader(doc, buildSecurityElement(doc, (String) settings.get("username"), (String) settings.get("password"),
            (PublicKey) settings.get("authorityKey"), (String) settings.get("form"), new Date()))
    context.setProperty("requestContent", xmlDeclaration(xml) + serialize(doc))
    log.info("areaOE security header: fresh " + settings.get("form") + " header for " + settings.get("username"))
}

/** Groovy Script test step: stores a fresh header for ${areaoeSecurityHeader} in the next request. */
static void prepareHeaderForNextStep(Object context, Object testRunner, Object log, String passwordFromEnvironment) {
    Object project = testRunner.getTestCase().getTestSuite().getProject()
    Map<String, Object> settings = readSettings(project, passwordFromEnvironment, log)
    String header = buildSecurityHeader((String) settings.get("username"), (String) settings.get("password"),
            (PublicKey) settings.get("authorityKey"), (String) settings.get("form"), new Date())
    context.setProperty(HEADER_CONTEXT_PROPERTY, header)
    log.info("areaOE security header: fresh " + settings.get("form") + " header for " + settings.get("username")
            + ' in ${' + HEADER_CONTEXT_PROPERTY + '} (valid for 1 minute)')
}

if (getBinding().hasVariable("request") && getBinding().hasVariable("context")) {
    filterRequest(getBinding().getVariable("context"), getBinding().getVariable("request"),
            getBinding().getVariable("log"), System.getenv(PASSWORD_ENV))
} else if (getBinding().hasVariable("testRunner")) {
    prepareHeaderForNextStep(getBinding().getVariable("context"), getBinding().getVariable("testRunner"),
            getBinding().getVariable("log"), System.getenv(PASSWORD_ENV))
} else {
    throw new IllegalStateException("areaOE security header: run this script as the project event handler "
            + "RequestFilter.filterRequest or as a Groovy Script test step (see README.md)")
}
