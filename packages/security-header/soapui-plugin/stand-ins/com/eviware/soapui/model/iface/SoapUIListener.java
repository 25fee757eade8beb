// COMPILE-ONLY STAND-IN for SoapUI 5.7.0's empty marker interface. Never packaged.
package com.eviware.soapui.model.iface;

public interface SoapUIListener {
}
