// COMPILE-ONLY STAND-IN for SoapUI 5.7.0's class of the same name (a class, and a Request, as SoapUI's
// is through its superclass). The plugin only tests `instanceof WsdlRequest`. Never packaged.
package com.eviware.soapui.impl.wsdl;

import com.eviware.soapui.model.iface.Request;

public class WsdlRequest implements Request {
}
