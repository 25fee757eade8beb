package pt.areaoe.soapui;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;

/**
 * The four settings of a project, checked. No SoapUI type: the filter hands in the expanded property
 * values. A bad one throws {@link SettingException} naming the property; no message ever holds the
 * password.
 */
public final class HeaderSettings {
    public static final String USERNAME = "areaoe.username";
    public static final String CERTIFICATE = "areaoe.certificate";
    public static final String FORM = "areaoe.form";
    public static final String PASSWORD = "areaoe.password";
    public static final String PASSWORD_ENVIRONMENT = "AREAOE_PASSWORD";

    public final String username;
    public final String password;
    public final String form;
    public final PublicKey authorityKey;

    private HeaderSettings(String username, String password, String form, PublicKey authorityKey) {
        this.username = username;
        this.password = password;
        this.form = form;
        this.authorityKey = authorityKey;
    }

    /** A bad setting: the message names the property and never contains the password. */
    public static final class SettingException extends Exception {
        private static final long serialVersionUID = 1L;

        public SettingException(String message) {
            super(message);
        }
    }

    /**
     * @param passwordProperty the project property areaoe.password (empty: use the environment)
     * @param passwordEnvironment the environment variable AREAOE_PASSWORD (may be empty)
     */
    public static HeaderSettings of(String username, String certificatePath, String form, String passwordProperty,
                                    String passwordEnvironment) throws SettingException {
        String user = trim(username);
        if (!user.matches("[0-9]{9}/[0-9]+")) {
            throw new SettingException("project property " + USERNAME
                    + " must be NIF/UserID (9 digits, a slash, digits), not '" + user + "'");
        }
        String chosenForm = trim(form);
        if (chosenForm.isEmpty()) {
            chosenForm = SecurityHeaderBuilder.FORM_DIGEST;
        }
        if (!SecurityHeaderBuilder.isForm(chosenForm)) {
            throw new SettingException("project property " + FORM + " must be '" + SecurityHeaderBuilder.FORM_DIGEST
                    + "' or '" + SecurityHeaderBuilder.FORM_ENCRYPTED_CREATED + "', not '" + chosenForm + "'");
        }
        PublicKey key = readCertificate(trim(certificatePath));
        String password = passwordProperty == null ? "" : passwordProperty;
        if (password.isEmpty()) {
            password = passwordEnvironment == null ? "" : passwordEnvironment;
        }
        if (password.isEmpty()) {
            throw new SettingException("no password: set the environment variable " + PASSWORD_ENVIRONMENT
                    + " before starting SoapUI (recommended), or the project property " + PASSWORD);
        }
        return new HeaderSettings(user, password, chosenForm, key);
    }

    /** The RSA public key of an X.509 certificate file, PEM or DER. */
    static PublicKey readCertificate(String path) throws SettingException {
        if (path.isEmpty()) {
            throw new SettingException("project property " + CERTIFICATE
                    + " is empty: set it to the absolute path of the authority's certificate file (PEM or DER)");
        }
        File file = new File(path);
        if (!file.isFile()) {
            throw new SettingException("project property " + CERTIFICATE + ": no such file: " + path
                    + " (give an absolute path)");
        }
        Certificate certificate;
        try {
            byte[] bytes = Files.readAllBytes(file.toPath());
            certificate = CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(bytes));
        } catch (IOException e) {
            throw new SettingException("project property " + CERTIFICATE + ": cannot read " + path + " (" + e.getMessage() + ")");
        } catch (GeneralSecurityException e) {
            throw new SettingException("project property " + CERTIFICATE + ": " + path
                    + " is not an X.509 certificate in PEM or DER");
        }
        PublicKey key = certificate.getPublicKey();
        if (!"RSA".equals(key.getAlgorithm())) {
            throw new SettingException("project property " + CERTIFICATE + ": the key in " + path + " is "
                    + key.getAlgorithm() + ", not RSA");
        }
        return key;
    }

    private static String trim(String value) {
        return value == null ? "" : value.trim();
    }
}
