// Loads the plugin jar the way SoapUI 5.7.0 does, with the compiled stand-ins in the role of SoapUI's
// own classes (they must be on this program's class path; the jar must NOT be):
//   java -cp <stand-ins classes>:<classes> SoapUiLoaderRun <plugin.jar> <request-file> <wsdl|rest> [scope#name=value ...]
// (scope is Project or Env: what ${#Project#name} and ${#Env#name} expand to; like SoapUI's, the expansion
// expands a value again when it holds "${").
// 1. a plugin-first class loader over the jar, whose parent holds SoapUI's classes;
// 2. every class of the jar loaded through it; exactly one @PluginConfiguration, with a numeric version;
// 3. each class annotated @PluginRequestFilter made with newInstance() and wrapped in a java.lang.reflect.Proxy
//    over all its interfaces, made in SoapUI's class loader (so it may implement only SoapUI or JDK ones);
// 4. filterRequest called through the proxy with a map-backed SubmitContext whose "requestContent" is the file.
// Prints the resulting "requestContent" on standard output; SoapUI.log's lines go to standard error.
import com.eviware.soapui.impl.wsdl.WsdlRequest;
import com.eviware.soapui.impl.wsdl.submit.RequestFilter;
import com.eviware.soapui.model.iface.Request;
import com.eviware.soapui.model.iface.SubmitContext;
import com.eviware.soapui.plugins.PluginConfiguration;
import com.eviware.soapui.plugins.auto.PluginRequestFilter;
import java.io.File;
import java.io.PrintStream;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class SoapUiLoaderRun {
    /** Plugin first: a class is looked for in the plugin jar before the parent (as SoapUI's JarClassLoader). */
    static final class PluginFirstClassLoader extends URLClassLoader {
        PluginFirstClassLoader(URL jar, ClassLoader parent) {
            super(new URL[] {jar}, parent);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            synchronized (getClassLoadingLock(name)) {
                Class<?> loaded = findLoadedClass(name);
                if (loaded == null && !name.startsWith("java.")) {
                    try {
                        loaded = findClass(name);
                    } catch (ClassNotFoundException notInJar) {
                        loaded = null;
                    }
                }
                if (loaded == null) {
                    loaded = getParent().loadClass(name);
                }
                if (resolve) {
                    resolveClass(loaded);
                }
                return loaded;
            }
        }
    }

    /** SubmitContext over a map; expand() resolves ${#Project#name} and ${#Env#name} ("" when unknown). */
    static final class MapSubmitContext implements SubmitContext {
        final Map<String, Object> properties = new HashMap<String, Object>();
        final Map<String, String> scoped = new HashMap<String, String>();

        public Object getProperty(String name) { return properties.get(name); }
        public void setProperty(String name, Object value) { properties.put(name, value); }
        public boolean hasProperty(String name) { return properties.containsKey(name); }
        public Object removeProperty(String name) { return properties.remove(name); }
        public String[] getPropertyNames() { return properties.keySet().toArray(new String[0]); }

        public String expand(String content) {
            Matcher matcher = Pattern.compile("\\$\\{#(Project|Env)#([^}]+)\\}").matcher(content);
            StringBuffer out = new StringBuffer();
            while (matcher.find()) {
                String value = scoped.get(matcher.group(1) + "#" + matcher.group(2));
                String expanded = value == null ? "" : value.contains("${") ? expand(value) : value;
                matcher.appendReplacement(out, Matcher.quoteReplacement(expanded));
            }
            matcher.appendTail(out);
            return out.toString();
        }
    }

    static void allInterfaces(Class<?> type, Set<Class<?>> into) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            for (Class<?> i : c.getInterfaces()) {
                if (into.add(i)) {
                    allInterfaces(i, into);
                }
            }
        }
    }

    public static void main(String[] args) throws Exception {
        File jar = new File(args[0]);
        String request = new String(Files.readAllBytes(new File(args[1]).toPath()), StandardCharsets.UTF_8);
        boolean wsdl = "wsdl".equals(args[2]);
        ClassLoader soapui = SoapUiLoaderRun.class.getClassLoader();
        PluginFirstClassLoader pluginLoader = new PluginFirstClassLoader(jar.toURI().toURL(), soapui);

        List<Class<?>> configurations = new ArrayList<Class<?>>();
        List<Class<?>> filters = new ArrayList<Class<?>>();
        JarFile jarFile = new JarFile(jar);
        try {
            for (Enumeration<JarEntry> entries = jarFile.entries(); entries.hasMoreElements();) {
                String name = entries.nextElement().getName();
                if (!name.endsWith(".class")) {
                    continue;
                }
                Class<?> type = Class.forName(name.substring(0, name.length() - 6).replace('/', '.'), false, pluginLoader);
                if (type.getClassLoader() != pluginLoader) {
                    throw new IllegalStateException("jar class " + type.getName() + " was taken from the parent loader");
                }
                if (type.isAnnotationPresent(PluginConfiguration.class)) {
                    configurations.add(type);
                }
                PluginRequestFilter filter = type.getAnnotation(PluginRequestFilter.class);
                if (filter != null) {
                    if (!"http".equals(filter.protocol())) {
                        throw new IllegalStateException("filter protocol " + filter.protocol());
                    }
                    filters.add(type);
                }
            }
        } finally {
            jarFile.close();
        }
        if (configurations.size() != 1) {
            throw new IllegalStateException(configurations.size() + " @PluginConfiguration classes");
        }
        String version = configurations.get(0).getAnnotation(PluginConfiguration.class).version();
        if (!version.matches("[0-9]+\\.[0-9]+(\\.[0-9]+)?")) {
            throw new IllegalStateException("plugin version is not numeric: " + version);
        }
        if (filters.size() != 1) {
            throw new IllegalStateException(filters.size() + " @PluginRequestFilter classes");
        }

        @SuppressWarnings("deprecation")
        final Object delegate = filters.get(0).newInstance();
        Set<Class<?>> interfaces = new LinkedHashSet<Class<?>>();
        allInterfaces(delegate.getClass(), interfaces);
        RequestFilter filter = (RequestFilter) Proxy.newProxyInstance(soapui, interfaces.toArray(new Class<?>[0]),
                new InvocationHandler() {
                    public Object invoke(Object proxy, Method method, Object[] methodArgs) throws Throwable {
                        try {
                            return method.invoke(delegate, methodArgs);
                        } catch (InvocationTargetException e) {
                            throw e.getCause();
                        }
                    }
                });

        MapSubmitContext context = new MapSubmitContext();
        context.setProperty("requestContent", request);
        for (int i = 3; i < args.length; i++) {
            int equals = args[i].indexOf('=');
            context.scoped.put(args[i].substring(0, equals), args[i].substring(equals + 1));
        }
        Request target = wsdl ? new WsdlRequest() : new Request() { };
        filter.filterRequest(context, target);
        PrintStream out = new PrintStream(System.out, true, "UTF-8");
        out.print(context.getProperty("requestContent"));
    }
}
