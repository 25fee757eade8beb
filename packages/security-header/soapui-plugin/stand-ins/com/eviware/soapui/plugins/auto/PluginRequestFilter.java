// COMPILE-ONLY STAND-IN for SoapUI 5.7.0's annotation of the same name (SoapUI's own also carries its
// internal @AutoFactory marker, which a plugin never reads). Never packaged.
package com.eviware.soapui.plugins.auto;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
public @interface PluginRequestFilter {
    String protocol();
}
