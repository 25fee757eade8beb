// COMPILE-ONLY STAND-IN for SoapUI 5.7.0's interface of the same name; the plugin calls none of its
// methods. Never packaged.
package com.eviware.soapui.model.iface;

public interface Response {
}
