// COMPILE-ONLY STAND-IN for SoapUI 5.7.0's interface of the same name (same three methods). Never packaged.
package com.eviware.soapui.impl.wsdl.submit;

import com.eviware.soapui.model.iface.Request;
import com.eviware.soapui.model.iface.Response;
import com.eviware.soapui.model.iface.SoapUIListener;
import com.eviware.soapui.model.iface.SubmitContext;

public interface RequestFilter extends SoapUIListener {
    void filterRequest(SubmitContext context, Request request);

    void afterRequest(SubmitContext context, Request request);

    void afterRequest(SubmitContext context, Response response);
}
