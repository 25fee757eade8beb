// COMPILE-ONLY STAND-IN for SoapUI 5.7.0's annotation of the same name, written from its signature
// (elements, defaults, target, retention). Never packaged: SoapUI supplies the real one at run time.
package com.eviware.soapui.plugins;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
public @interface PluginConfiguration {
    String groupId();

    String name();

    String version();

    String description() default "";

    String infoUrl() default "";

    String minimumSoapUIVersion() default "5.1";

    String minimumReadyApiVersion() default "1.0.0";

    boolean autoDetect() default true;
}
