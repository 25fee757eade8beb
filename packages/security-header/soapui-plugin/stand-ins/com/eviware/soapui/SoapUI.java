// COMPILE-ONLY STAND-IN for SoapUI 5.7.0's class of the same name: only its field
// `public static final org.apache.logging.log4j.Logger log`. Here the logger writes "LEVEL message"
// lines to standard error, so that the tests can read what the plugin logged. Never packaged.
package com.eviware.soapui;

import org.apache.logging.log4j.Logger;

public class SoapUI {
    public static final Logger log = new Logger() {
        public void info(String message) {
            System.err.println("INFO " + message);
        }

        public void warn(String message) {
            System.err.println("WARN " + message);
        }

        public void error(String message) {
            System.err.println("ERROR " + message);
        }
    };
}
