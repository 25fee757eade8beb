// SPDX-License-Identifier: 0BSD
// areaOE security header sample for Go 1.19 or later (standard library only; tested: 1.19). Copy, change and use it freely.
// Makes the WS-Security UsernameToken header the customs web services expect, in a SOAP 1.1 envelope:
//
//	go build -o h areaoe_header.go
//	AREAOE_PASSWORD=... ./h --username 123456789/1 --certificate authority.pem [--form digest|encrypted-created]
//	./h --vectors security-header-test-vectors.json   (checks this code; exit 0 = all match)
package main

import (
	"bytes"
	"crypto/aes"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha1"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"encoding/pem"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"regexp"
	"time"
)

// AES-128 in ECB mode with PKCS#5/7 padding, as the authority's Java sample (AES/ECB/PKCS5Padding). Go has no ECB
// mode (unsafe for general use) and no padding, so both are written here: pad to whole blocks, encrypt each alone.
func aesECB(ks, data []byte) string {
	block := must(aes.NewCipher(ks))
	pad := aes.BlockSize - len(data)%aes.BlockSize
	padded := append(append([]byte{}, data...), bytes.Repeat([]byte{byte(pad)}, pad)...)
	for i := 0; i < len(padded); i += aes.BlockSize {
		block.Encrypt(padded[i:i+aes.BlockSize], padded[i:i+aes.BlockSize])
	}
	return base64.StdEncoding.EncodeToString(padded)
}

// UTC, yyyy-MM-ddTHH:mm:ss.SSSZ. Go's layouts have no locale.
func formatCreated(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z") }

// The fields that depend on Ks (digest "" = no Digest attribute); Nonce is RSA(Ks) and is made apart.
func headerFields(ks []byte, created, password, form string) (passwordCipher, digest, createdField string) {
	if form != "digest" {
		return aesECB(ks, []byte(password)), "", aesECB(ks, []byte(created))
	}
	sum := sha1.Sum([]byte(string(ks) + created + password))
	return aesECB(ks, []byte(password)), aesECB(ks, sum[:]), created
}

func envelope(username, password, digest, created, nonce string) string {
	if digest != "" {
		digest = ` Digest="` + digest + `"`
	}
	return `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/">` + "\n  <soapenv:Header>\n" +
		`    <wss:Security xmlns:wss="http://schemas.xmlsoap.org/ws/2002/12/secext">` + "\n      <wss:UsernameToken>\n" +
		"        <wss:Username>" + username + "</wss:Username>\n        <wss:Password" + digest + ">" + password + "</wss:Password>\n" +
		"        <wss:Nonce>" + nonce + "</wss:Nonce>\n        <wss:Created>" + created + "</wss:Created>\n" +
		"      </wss:UsernameToken>\n    </wss:Security>\n  </soapenv:Header>\n  <soapenv:Body/>\n</soapenv:Envelope>"
}

// PEM or DER. Warns on standard error when the certificate expires within 30 days.
func readCertificate(data []byte) *rsa.PublicKey {
	if block, _ := pem.Decode(data); block != nil {
		data = block.Bytes
	}
	cert := must(x509.ParseCertificate(data))
	if left := time.Until(cert.NotAfter); left < 30*24*time.Hour {
		word := map[bool]string{true: "expired", false: "expires"}[left < 0]
		fmt.Fprintf(os.Stderr, "warning: the certificate %s on %s; get the authority's current one\n", word, formatCreated(cert.NotAfter))
	}
	key, ok := cert.PublicKey.(*rsa.PublicKey)
	check(ok, "the certificate's key is not RSA")
	return key
}

// Compares this file's output with the published test vectors; any difference exits non-zero.
func checkVectors(path string) int {
	var data struct {
		TestKey struct{ PrivateKeyPem, CertificatePem string }
		Vectors []struct{ Name, Form, Password, Created, Ks, Nonce, PasswordCipher, Digest, CreatedCipher string } // null reads as ""
	}
	err := json.Unmarshal(must(os.ReadFile(path)), &data)
	check(err == nil, fmt.Sprint(err))
	check(len(data.Vectors) > 0, "the file has no vectors")
	block, _ := pem.Decode([]byte(data.TestKey.PrivateKeyPem))
	check(block != nil, "testKey.privateKeyPem is not PEM")
	private := must(x509.ParsePKCS8PrivateKey(block.Bytes)).(*rsa.PrivateKey) // the test key is RSA
	failures := 0
	expect := func(name, what, actual, wanted string) {
		if actual != wanted {
			failures++
			fmt.Fprintf(os.Stderr, "FAIL %s: %s is %q, expected %q\n", name, what, actual, wanted)
		}
	}
	for _, v := range data.Vectors {
		ks := must(hex.DecodeString(v.Ks))
		clear, _ := rsa.DecryptPKCS1v15(nil, private, must(base64.StdEncoding.DecodeString(v.Nonce)))
		expect(v.Name, "decrypted nonce", hex.EncodeToString(clear), hex.EncodeToString(ks))
		password, digest, created := headerFields(ks, v.Created, v.Password, v.Form)
		expect(v.Name, "passwordCipher", password, v.PasswordCipher)
		expect(v.Name, "digest", digest, v.Digest)
		if v.Form == "digest" {
			created = "" // Created travels in clear: no createdCipher
		}
		expect(v.Name, "createdCipher", created, v.CreatedCipher)
		expect(v.Name, "formatted created", formatCreated(must(time.Parse("2006-01-02T15:04:05.000Z", v.Created))), v.Created)
	}
	// Our own RSA encryption, under the vectors' certificate, must decrypt back to Ks.
	ks := make([]byte, 16)
	must(rand.Read(ks))
	back, _ := rsa.DecryptPKCS1v15(nil, private, must(rsa.EncryptPKCS1v15(rand.Reader, readCertificate([]byte(data.TestKey.CertificatePem)), ks)))
	expect("rsa round trip", "decrypted Ks", hex.EncodeToString(back), hex.EncodeToString(ks))
	if failures > 0 {
		fmt.Printf("%d difference(s)\n", failures)
		return 1
	}
	fmt.Printf("all %d vectors match\n", len(data.Vectors))
	return 0
}

// Sending the request. Go reads no PKCS#12: convert the client certificate once, openssl pkcs12 -in client.p12
// -clcerts -nokeys -out client.crt (and -nocerts -nodes -out client.key; add -legacy for an old RC2-40 file). The
// default tls.Config checks the server's certificate against the system's CAs and its host name (never set InsecureSkipVerify).
func send(url, envelopeXML, certFile, keyFile string) ([]byte, error) {
	pair, err := tls.LoadX509KeyPair(certFile, keyFile)
	if err != nil {
		return nil, err
	}
	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{TLSClientConfig: &tls.Config{Certificates: []tls.Certificate{pair}, MinVersion: tls.VersionTLS12}}}
	answer, err := client.Post(url, "text/xml; charset=utf-8", bytes.NewBufferString(envelopeXML))
	if err != nil {
		return nil, err
	}
	defer answer.Body.Close()
	return io.ReadAll(io.LimitReader(answer.Body, 10<<20))
}

func main() {
	username := flag.String("username", "", "NIF/UserID, e.g. 123456789/1")
	certificate := flag.String("certificate", "", "the authority's certificate, PEM or DER")
	form := flag.String("form", "digest", "digest or encrypted-created")
	vectors := flag.String("vectors", "", "check this code against the test vectors file")
	flag.Parse()
	if *vectors != "" {
		os.Exit(checkVectors(*vectors))
	}
	password := os.Getenv("AREAOE_PASSWORD")
	check(regexp.MustCompile(`^[0-9]{9}/[0-9]+$`).MatchString(*username), "--username must be NIF/UserID, e.g. 123456789/1")
	check(password != "", "set the password in the environment variable AREAOE_PASSWORD")
	check(*certificate != "", "--certificate FILE (PEM or DER) is required")
	check(*form == "digest" || *form == "encrypted-created", "--form must be digest or encrypted-created")
	ks := make([]byte, 16)
	must(rand.Read(ks)) // a fresh AES-128 key from the CSPRNG (crypto/rand) for every header
	nonce := must(rsa.EncryptPKCS1v15(rand.Reader, readCertificate(must(os.ReadFile(*certificate))), ks))
	passwordCipher, digest, created := headerFields(ks, formatCreated(time.Now()), password, *form)
	fmt.Println(envelope(*username, passwordCipher, digest, created, base64.StdEncoding.EncodeToString(nonce)))
}

func must[T any](value T, err error) T {
	check(err == nil, fmt.Sprint(err))
	return value
}

// Stops with exit code 2 and the message on standard error unless ok.
func check(ok bool, message string) {
	if !ok {
		fmt.Fprintln(os.Stderr, "error: "+message)
		os.Exit(2)
	}
}
