// COMPILE-ONLY STAND-IN for SoapUI 5.7.0's interface of the same name (its two constants, same values).
// Never packaged.
package com.eviware.soapui.model.iface;

import com.eviware.soapui.model.propertyexpansion.PropertyExpansionContext;

public interface SubmitContext extends PropertyExpansionContext {
    String HTTP_STATE_PROPERTY = "#HTTP_STATE";

    String PROPERTY_SEPARATOR = "#";
}
