package pt.areaoe.soapui;

import com.eviware.soapui.plugins.PluginConfiguration;

/** What SoapUI's plugin loader looks for: the one class of the jar annotated @PluginConfiguration. */
@PluginConfiguration(
        groupId = "pt.areaoe",
        name = "areaOE security header",
        version = "0.1.0",
        description = "Puts a fresh security header of the tax authority's customs web services into every SOAP"
                + " request of a project whose property areaoe.username is set",
        minimumSoapUIVersion = "5.7.0",
        autoDetect = true)
public final class AreaOePluginConfiguration {
}
