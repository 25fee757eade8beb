// Test driver for the plugin's header builder alone (no SoapUI), compiled against the jar:
//   java -cp areaoe-security-header-soapui-plugin.jar:<classes> HeaderBuilderCli <certificate> <username> <form> [envelope-file]
// The password comes on standard input (UTF-8, without a trailing newline). Prints the wss:Security
// header, or, with an envelope file, the envelope with the header put in (or "NOT-AN-ENVELOPE").
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Date;
import pt.areaoe.soapui.HeaderSettings;
import pt.areaoe.soapui.SecurityHeaderBuilder;

public class HeaderBuilderCli {
    public static void main(String[] args) throws Exception {
        String password = new String(readAll(System.in), StandardCharsets.UTF_8);
        HeaderSettings settings = HeaderSettings.of(args[1], args[0], args[2], password, null);
        PrintStream out = new PrintStream(System.out, true, "UTF-8");
        if (args.length > 3) {
            String envelope = new String(Files.readAllBytes(Paths.get(args[3])), StandardCharsets.UTF_8);
            String result = SecurityHeaderBuilder.insertIntoEnvelope(envelope, settings.username, settings.password,
                    settings.authorityKey, settings.form, new Date());
            out.print(result == null ? "NOT-AN-ENVELOPE" : result);
        } else {
            out.print(SecurityHeaderBuilder.header(settings.username, settings.password, settings.authorityKey,
                    settings.form, new Date()));
        }
    }

    private static byte[] readAll(InputStream in) throws Exception {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        byte[] chunk = new byte[4096];
        for (int n = in.read(chunk); n > 0; n = in.read(chunk)) {
            buffer.write(chunk, 0, n);
        }
        return buffer.toByteArray();
    }
}
