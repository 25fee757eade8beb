package pt.areaoe.soapui;

import com.eviware.soapui.SoapUI;
import com.eviware.soapui.impl.wsdl.WsdlRequest;
import com.eviware.soapui.impl.wsdl.submit.RequestFilter;
import com.eviware.soapui.model.iface.Request;
import com.eviware.soapui.model.iface.Response;
import com.eviware.soapui.model.iface.SubmitContext;
import com.eviware.soapui.plugins.auto.PluginRequestFilter;
import java.util.Date;

/**
 * SoapUI calls {@link #filterRequest} before every HTTP request (and https: the "http" protocol covers
 * both), after its own filters and before the body is written from the context property
 * "requestContent". For a SOAP request (WsdlRequest) of a project whose property areaoe.username is
 * set, that body gets a fresh security header. SoapUI makes one instance (public no-argument
 * constructor) and calls it from many threads through a Proxy over its interfaces: this class keeps no
 * state and implements only SoapUI's RequestFilter.
 *
 * <p>The project properties are read with {@code context.expand("${#Project#name}")}. The environment
 * variable AREAOE_PASSWORD is read with System.getenv, which is what {@code ${#Env#AREAOE_PASSWORD}}
 * resolves to, but verbatim: SoapUI expands property values again, so a password containing "${" would
 * be changed on its way through expand.
 */
@PluginRequestFilter(protocol = "http")
public final class SecurityHeaderRequestFilter implements RequestFilter {
    static final String REQUEST_CONTENT = "requestContent";
    private static final String LOG_PREFIX = "areaOE security header: ";

    public SecurityHeaderRequestFilter() {
    }

    public void filterRequest(SubmitContext context, Request request) {
        if (!(request instanceof WsdlRequest)) {
            return; // REST and plain HTTP requests build their body elsewhere
        }
        String username = context.expand(projectProperty(HeaderSettings.USERNAME));
        if (username == null || username.trim().isEmpty()) {
            return; // the project has not opted in
        }
        Object content = context.getProperty(REQUEST_CONTENT);
        if (content == null) {
            return;
        }
        try {
            HeaderSettings settings = HeaderSettings.of(username,
                    context.expand(projectProperty(HeaderSettings.CERTIFICATE)),
                    context.expand(projectProperty(HeaderSettings.FORM)),
                    context.expand(projectProperty(HeaderSettings.PASSWORD)),
                    System.getenv(HeaderSettings.PASSWORD_ENVIRONMENT));
            String result = SecurityHeaderBuilder.insertIntoEnvelope(content.toString(), settings.username,
                    settings.password, settings.authorityKey, settings.form, new Date());
            if (result == null) {
                SoapUI.log.warn(LOG_PREFIX + "the request is not a SOAP envelope in well-formed XML without a DTD;"
                        + " sent without a header");
                return;
            }
            context.setProperty(REQUEST_CONTENT, result);
            SoapUI.log.info(LOG_PREFIX + "fresh " + settings.form + " header for " + settings.username);
        } catch (HeaderSettings.SettingException e) {
            SoapUI.log.error(LOG_PREFIX + e.getMessage() + "; request sent unchanged");
        } catch (Exception e) {
            // Never the exception's message: it could quote request text. Its class says enough.
            SoapUI.log.error(LOG_PREFIX + "could not make the header (" + e.getClass().getName()
                    + "); request sent unchanged");
        }
    }

    public void afterRequest(SubmitContext context, Request request) {
    }

    public void afterRequest(SubmitContext context, Response response) {
    }

    private static String projectProperty(String name) {
        return "${#Project#" + name + "}";
    }
}
