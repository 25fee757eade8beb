package pt.areaoe.soapui;

import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.Charset;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * The security header of the tax authority's web services, and its place in a SOAP envelope. JDK
 * classes only (no SoapUI type), so that it can be tested on its own. Stateless: every method may be
 * called from any number of threads at once.
 *
 * <p>Two forms, each with a fresh AES-128 key Ks (AES/ECB/PKCS5Padding, RSA PKCS#1 v1.5, UTF-8, Base64):
 * <ul>
 * <li>{@code digest} (the authority's own Java sample): Password = AES(Ks, password),
 * Digest = AES(Ks, SHA-1(Ks ‖ Created ‖ password)), Created in clear, Nonce = RSA(authority key, Ks);</li>
 * <li>{@code encrypted-created}: the same without the Digest, and Created = AES(Ks, Created).</li>
 * </ul>
 */
public final class SecurityHeaderBuilder {
    public static final String WSS_NAMESPACE = "http://schemas.xmlsoap.org/ws/2002/12/secext";
    public static final String SOAP11_NAMESPACE = "http://schemas.xmlsoap.org/soap/envelope/";
    public static final String SOAP12_NAMESPACE = "http://www.w3.org/2003/05/soap-envelope";
    public static final String FORM_DIGEST = "digest";
    public static final String FORM_ENCRYPTED_CREATED = "encrypted-created";

    private static final String XMLNS_NAMESPACE = "http://www.w3.org/2000/xmlns/";
    private static final Charset UTF8 = Charset.forName("UTF-8");
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Pattern XML_DECLARATION = Pattern.compile("^\\s*(<\\?xml[^?]*\\?>\\s*)");

    private SecurityHeaderBuilder() {
    }

    public static boolean isForm(String form) {
        return FORM_DIGEST.equals(form) || FORM_ENCRYPTED_CREATED.equals(form);
    }

    /** Created as the authority reads it: UTC, {@code yyyy-MM-ddTHH:mm:ss.SSSZ}. */
    public static String formatCreated(Date date) {
        SimpleDateFormat format = new SimpleDateFormat("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'", Locale.ROOT);
        format.setTimeZone(TimeZone.getTimeZone("UTC"));
        return format.format(date);
    }

    /** The wss:Security element as XML text (one line). */
    public static String header(String username, String password, PublicKey authorityKey, String form, Date now)
            throws GeneralSecurityException {
        Document doc = newDocumentBuilder().newDocument();
        doc.appendChild(securityElement(doc, username, password, authorityKey, form, now));
        return serialize(doc);
    }

    /**
     * The envelope with a fresh header in its SOAP 1.1 or 1.2 Header: any wss:Security already there is
     * replaced (the new one takes the place of the first), every other header entry is kept, and a Header
     * is created before the Body, with the envelope's prefix, when there is none. The request's own XML
     * declaration is kept as it was. Returns null when the text is not a SOAP envelope, is not well-formed
     * XML, or carries a DTD (SOAP forbids DTDs; none is ever read, so no entity is expanded).
     */
    public static String insertIntoEnvelope(String envelopeXml, String username, String password, PublicKey authorityKey,
                                            String form, Date now) throws GeneralSecurityException {
        Document doc = parseOrNull(envelopeXml);
        if (doc == null) {
            return null;
        }
        Element envelope = doc.getDocumentElement();
        String soapNamespace = envelope.getNamespaceURI();
        if (!"Envelope".equals(envelope.getLocalName())
                || !(SOAP11_NAMESPACE.equals(soapNamespace) || SOAP12_NAMESPACE.equals(soapNamespace))) {
            return null;
        }
        Element security = securityElement(doc, username, password, authorityKey, form, now);
        Element header = soapHeader(doc, envelope, soapNamespace);
        List<Node> old = new ArrayList<Node>();
        for (Node node = header.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node.getNodeType() == Node.ELEMENT_NODE && WSS_NAMESPACE.equals(node.getNamespaceURI())
                    && "Security".equals(node.getLocalName())) {
                old.add(node);
            }
        }
        header.insertBefore(security, old.isEmpty() ? header.getFirstChild() : old.get(0));
        for (Node node : old) {
            header.removeChild(node);
        }
        Matcher declaration = XML_DECLARATION.matcher(envelopeXml);
        return (declaration.find() ? declaration.group(1) : "") + serialize(doc);
    }

    static Element securityElement(Document doc, String username, String password, PublicKey authorityKey, String form,
                                   Date now) throws GeneralSecurityException {
        if (!isForm(form)) {
            throw new IllegalArgumentException("unknown form '" + form + "'");
        }
        byte[] sessionKey = new byte[16];
        RANDOM.nextBytes(sessionKey);
        String created = formatCreated(now);
        byte[] passwordBytes = password.getBytes(UTF8);

        Element security = doc.createElementNS(WSS_NAMESPACE, "wss:Security");
        security.setAttributeNS(XMLNS_NAMESPACE, "xmlns:wss", WSS_NAMESPACE);
        Element token = append(doc, security, "wss:UsernameToken", null);
        append(doc, token, "wss:Username", username);
        Element passwordElement = append(doc, token, "wss:Password", base64(aes(sessionKey, passwordBytes)));
        if (FORM_DIGEST.equals(form)) {
            MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
            sha1.update(sessionKey);
            sha1.update(created.getBytes(UTF8));
            sha1.update(passwordBytes);
            passwordElement.setAttribute("Digest", base64(aes(sessionKey, sha1.digest())));
        }
        Cipher rsa = Cipher.getInstance("RSA/ECB/PKCS1Padding");
        rsa.init(Cipher.ENCRYPT_MODE, authorityKey, RANDOM);
        append(doc, token, "wss:Nonce", base64(rsa.doFinal(sessionKey)));
        append(doc, token, "wss:Created",
                FORM_DIGEST.equals(form) ? created : base64(aes(sessionKey, created.getBytes(UTF8))));
        return security;
    }

    private static byte[] aes(byte[] key, byte[] plaintext) throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance("AES/ECB/PKCS5Padding");
        cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"));
        return cipher.doFinal(plaintext);
    }

    private static String base64(byte[] bytes) {
        return Base64.getEncoder().encodeToString(bytes);
    }

    private static Element append(Document doc, Element parent, String qualifiedName, String text) {
        Element element = doc.createElementNS(WSS_NAMESPACE, qualifiedName);
        if (text != null) {
            element.appendChild(doc.createTextNode(text));
        }
        parent.appendChild(element);
        return element;
    }

    /** The envelope's Header, created before its first child element (the Body) when absent. */
    private static Element soapHeader(Document doc, Element envelope, String soapNamespace) {
        Element firstChild = null;
        for (Node node = envelope.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node.getNodeType() != Node.ELEMENT_NODE) {
                continue;
            }
            if (firstChild == null) {
                firstChild = (Element) node;
            }
            if (soapNamespace.equals(node.getNamespaceURI()) && "Header".equals(node.getLocalName())) {
                return (Element) node;
            }
        }
        String prefix = envelope.getPrefix();
        Element header = doc.createElementNS(soapNamespace, prefix == null ? "Header" : prefix + ":Header");
        envelope.insertBefore(header, firstChild);
        return header;
    }

    private static DocumentBuilder newDocumentBuilder() {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setXIncludeAware(false);
            factory.setExpandEntityReferences(false);
            DocumentBuilder builder = factory.newDocumentBuilder();
            builder.setErrorHandler(new DefaultHandler()); // fatal errors throw; nothing is printed
            return builder;
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("the JDK's XML parser cannot refuse DTDs", e);
        }
    }

    private static Document parseOrNull(String xml) {
        try {
            return newDocumentBuilder().parse(new InputSource(new StringReader(xml)));
        } catch (SAXException e) {
            return null;
        } catch (java.io.IOException e) {
            return null;
        }
    }

    private static String serialize(Document doc) {
        try {
            TransformerFactory factory = TransformerFactory.newInstance();
            try {
                factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
                factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_STYLESHEET, "");
            } catch (IllegalArgumentException ignored) {
                // Not every TransformerFactory on SoapUI's class path knows these; the DOM has no DTD anyway.
            }
            Transformer transformer = factory.newTransformer();
            transformer.setOutputProperty(OutputKeys.OMIT_XML_DECLARATION, "yes");
            StringWriter out = new StringWriter();
            transformer.transform(new DOMSource(doc), new StreamResult(out));
            return out.toString();
        } catch (TransformerException e) {
            throw new IllegalStateException("the JDK's XML serializer failed", e);
        }
    }
}
