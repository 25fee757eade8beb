// COMPILE-ONLY STAND-IN for SoapUI 5.7.0's interface of the same name. Only the methods whose types are
// JDK types are declared (SoapUI's also has getModelItem() and getProperties(), returning SoapUI types
// the plugin never uses); the descriptors of these are SoapUI's. Never packaged.
package com.eviware.soapui.model.propertyexpansion;

public interface PropertyExpansionContext {
    Object getProperty(String name);

    void setProperty(String name, Object value);

    boolean hasProperty(String name);

    Object removeProperty(String name);

    String[] getPropertyNames();

    String expand(String content);
}
