// COMPILE-ONLY STAND-IN for the three methods of Log4j 2's Logger interface (log4j-api, shipped with
// SoapUI 5.7.0) that the plugin calls through com.eviware.soapui.SoapUI.log. Never packaged.
package org.apache.logging.log4j;

public interface Logger {
    void info(String message);

    void warn(String message);

    void error(String message);
}
