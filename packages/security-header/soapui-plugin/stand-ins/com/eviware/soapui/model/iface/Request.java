// COMPILE-ONLY STAND-IN for SoapUI 5.7.0's interface of the same name. The plugin calls none of its
// methods (it only tests whether a request is a WsdlRequest), so none is declared here. Never packaged.
package com.eviware.soapui.model.iface;

public interface Request {
}
