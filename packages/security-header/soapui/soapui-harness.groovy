// Test harness: runs areaoe-security-header.groovy the way SoapUI does, with small stand-ins for the
// objects SoapUI hands a script, and prints what the script did as JSON on standard output.
//
//   groovy soapui-harness.groovy <script.groovy> <cases.json>
//
// cases.json is a list of cases: { "name", "entry": "filter" | "step" | "core", "projectProperties": {},
// "requestContent" (filter), "nowMillis" (core) }. The password environment variable is whatever the
// harness's own process has, exactly as for SoapUI.

import groovy.json.JsonOutput
import groovy.json.JsonSlurper

/** SoapUI's script log (a log4j Logger): captured, so a test can check what reached it. */
class StandInLog {
    final List<Map<String, String>> entries = new ArrayList<Map<String, String>>()
    void debug(Object message) { record("debug", message) }
    void info(Object message) { record("info", message) }
    void warn(Object message) { record("warn", message) }
    void error(Object message) { record("error", message) }
    private void record(String level, Object message) {
        Map<String, String> entry = new LinkedHashMap<String, String>()
        entry.put("level", level)
        entry.put("message", String.valueOf(message))
        entries.add(entry)
    }
}

/** SoapUI's SubmitContext / test run context: named properties with getProperty and setProperty. */
class StandInContext {
    final Map<String, Object> values = new LinkedHashMap<String, Object>()
    Object getProperty(String name) { return values.get(name) }
    void setProperty(String name, Object value) { values.put(name, value) }
    // Not getValues(): with getProperty(String) overridden, context.values would look up a property
    Map<String, Object> snapshot() { return new LinkedHashMap<String, Object>(values) }
}

class StandInProject {
    final Map<String, String> properties
    StandInProject(Map<String, String> properties) { this.properties = properties }
    String getPropertyValue(String name) { return properties.get(name) }
}

class StandInInterface {
    final StandInProject theProject
    StandInInterface(StandInProject project) { theProject = project }
    Object getProject() { return theProject }
}

class StandInOperation {
    final StandInInterface theInterface
    StandInOperation(StandInInterface iface) { theInterface = iface }
    Object getInterface() { return theInterface }
}

/** The request of RequestFilter.filterRequest: request.getOperation().getInterface().getProject(). */
class StandInRequest {
    final StandInOperation theOperation
    StandInRequest(StandInOperation operation) { theOperation = operation }
    Object getOperation() { return theOperation }
}

class StandInTestSuite {
    final StandInProject theProject
    StandInTestSuite(StandInProject project) { theProject = project }
    Object getProject() { return theProject }
}

class StandInTestCase {
    final StandInTestSuite theTestSuite
    StandInTestCase(StandInTestSuite testSuite) { theTestSuite = testSuite }
    Object getTestSuite() { return theTestSuite }
}

/** The testRunner of a Groovy Script test step: testRunner.getTestCase().getTestSuite().getProject(). */
class StandInTestRunner {
    final StandInTestCase theTestCase
    StandInTestRunner(StandInTestCase testCase) { theTestCase = testCase }
    Object getTestCase() { return theTestCase }
}

File scriptFile = new File(args[0])
List<Map<String, Object>> cases = (List<Map<String, Object>>) new JsonSlurper().parse(new File(args[1]))
// SoapUI compiles the pasted text under a name of its own; the file name has hyphens, no class name can
Script script = new GroovyShell().parse(scriptFile.getText("UTF-8"), "AreaoeSecurityHeaderScript")
List<Map<String, Object>> results = new ArrayList<Map<String, Object>>()

for (Map<String, Object> testCase : cases) {
    StandInLog log = new StandInLog()
    StandInContext context = new StandInContext()
    StandInProject project = new StandInProject((Map<String, String>) testCase.get("projectProperties"))
    Map<String, Object> result = new LinkedHashMap<String, Object>()
    result.put("name", testCase.get("name"))
    try {
        String entry = (String) testCase.get("entry")
        Binding binding = new Binding()
        binding.setVariable("log", log)
        binding.setVariable("context", context)
        if ("filter".equals(entry)) {
            context.setProperty("requestContent", testCase.get("requestContent"))
            binding.setVariable("request", new StandInRequest(new StandInOperation(new StandInInterface(project))))
            script.setBinding(binding)
            script.run()
        } else if ("step".equals(entry)) {
            binding.setVariable("testRunner", new StandInTestRunner(new StandInTestCase(new StandInTestSuite(project))))
            script.setBinding(binding)
            script.run()
        } else if ("core".equals(entry)) {
            Map<String, Object> settings = (Map<String, Object>) script.invokeMethod("readSettings",
                    [project, System.getenv("AREAOE_PASSWORD"), log] as Object[])
            Object header = script.invokeMethod("buildSecurityHeader", [settings.get("username"), settings.get("password"),
                    settings.get("authorityKey"), settings.get("form"), new Date(((Number) testCase.get("nowMillis")).longValue())] as Object[])
            result.put("header", header)
        } else {
            throw new IllegalArgumentException("unknown entry " + entry)
        }
        result.put("error", null)
    } catch (Throwable thrown) {
        result.put("error", thrown.getClass().getName() + ": " + thrown.getMessage())
    }
    result.put("contextProperties", context.snapshot())
    result.put("log", log.entries)
    results.add(result)
}

println(JsonOutput.toJson(results))
