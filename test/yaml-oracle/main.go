// yaml-oracle reads manifest files the way `kubectl apply -f` / `kubectl create -f` read them, and says for
// each document what kubectl sends (its JSON) or why it refuses it. It is the reference of the differential
// YAML test (test/unit/yaml-differential.test.ts, scripts/yaml-diff.ts); it is our own program, built at test
// time from Debian's golang-go and golang-k8s-sigs-yaml-dev:
//
//	GO111MODULE=off GOPATH=/usr/share/gocode go build -o yaml-oracle ./test/yaml-oracle
//
// Usage: file paths on stdin, one per line; one JSON line per file on stdout:
//
//	{"file": "...", "documents": [{"line": 0, "endLine": 12, "sent": {...}} | {..., "error": "..."}]}
//
// `line` and `endLine` (exclusive) count lines at LF, from 0. A document that is empty or `null` has neither
// `sent` nor `error`: kubectl skips it. A document that is not an object has both: kubectl refuses it. kubectl stops at the first refused document; this program goes on, so
// that each document gets its own verdict (what kubectl would do once the earlier ones are mended).
//
// What kubectl does, and where (kubernetes/kubernetes, staging/src/k8s.io):
//   - cli-runtime/pkg/resource/visitor.go FileVisitor.Visit: the file goes through
//     unicode.BOMOverride(unicode.UTF8.NewDecoder()): a byte-order mark at the start of the file is dropped.
//   - StreamVisitor.Visit: yaml.NewYAMLOrJSONDecoder(reader, 4096) (apimachinery/pkg/util/yaml/decoder.go);
//     each decoded document is trimmed and skipped when empty or `null`.
//   - YAMLOrJSONDecoder.Decode / GuessJSONStream: when the first 4096 bytes, less leading white space, start
//     with `{`, the whole file is a stream of JSON values (encoding/json); otherwise YAML.
//   - YAMLReader.Read over LineReader: lines as bufio.Reader.ReadLine gives them (split at LF, a CR before
//     the LF dropped, each line given back with an LF); a line that starts with `---` ends the document, and
//     anything after the `---` but spaces or a comment is an error ("invalid Yaml document separator").
//     Nothing else splits documents: `...` does not.
//   - YAMLToJSONDecoder.Decode: sigs.k8s.io/yaml Unmarshal into a runtime.RawExtension, which is a
//     json.Unmarshaler, so the document is plain YAMLToJSON: go-yaml v2 Unmarshal into interface{} (the first
//     YAML document of the chunk only; duplicate keys allowed, the last one kept), keys made strings, then
//     encoding/json Marshal.
//
// The transform's UTF-8 decoder also replaces invalid UTF-8 with U+FFFD; the test only writes valid UTF-8.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode"

	"sigs.k8s.io/yaml"
)

type document struct {
	Line    int             `json:"line"`
	EndLine int             `json:"endLine"`
	Sent    json.RawMessage `json:"sent,omitempty"`
	Error   string          `json:"error,omitempty"`
}

type fileResult struct {
	File       string     `json:"file"`
	JSONStream bool       `json:"jsonStream,omitempty"`
	Documents  []document `json:"documents"`
	Error      string     `json:"error,omitempty"`
}

const sniffSize = 4096

func main() {
	paths := bufio.NewScanner(os.Stdin)
	paths.Buffer(make([]byte, 64*1024), 1024*1024)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for paths.Scan() {
		path := paths.Text()
		if path == "" {
			continue
		}
		result := fileResult{File: path, Documents: []document{}}
		data, err := os.ReadFile(path)
		if err != nil {
			result.Error = err.Error()
		} else {
			read(data, &result)
		}
		line, _ := json.Marshal(result)
		out.Write(line)
		out.WriteByte('\n')
		out.Flush()
	}
}

func read(data []byte, result *fileResult) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	sniff := data
	if len(sniff) > sniffSize {
		sniff = sniff[:sniffSize]
	}
	if bytes.HasPrefix(bytes.TrimLeftFunc(sniff, unicode.IsSpace), []byte("{")) {
		result.JSONStream = true
		readJSONStream(data, result)
		return
	}
	for _, chunk := range splitLikeYAMLReader(data) {
		doc := document{Line: chunk.line, EndLine: chunk.endLine, Error: chunk.err}
		if doc.Error == "" && len(chunk.text) > 0 {
			sent, err := yaml.YAMLToJSON(chunk.text)
			if err != nil {
				doc.Error = "error converting YAML to JSON: " + err.Error()
			} else if trimmed := bytes.TrimSpace(sent); len(trimmed) > 0 && !bytes.Equal(trimmed, []byte("null")) {
				doc.Sent = trimmed
				doc.Error = notAnObject(trimmed)
			}
		}
		result.Documents = append(result.Documents, doc)
	}
}

type chunk struct {
	text          []byte
	line, endLine int
	err           string
}

// splitLikeYAMLReader cuts the stream where apimachinery's YAMLReader.Read does. A `---` line ends the
// document being read and is dropped; at the start of a document it is kept (go-yaml reads it as the
// document's start). A separator line followed by other text makes Read fail: the document being read is
// lost and the error is its verdict; the reading then goes on after that line.
func splitLikeYAMLReader(data []byte) []chunk {
	reader := bufio.NewReader(bytes.NewReader(data))
	var chunks []chunk
	var current bytes.Buffer
	start := 0
	for line := 0; ; line++ {
		text, err := readLine(reader)
		if err == io.EOF {
			if current.Len() > 0 {
				chunks = append(chunks, chunk{text: append([]byte(nil), current.Bytes()...), line: start, endLine: line})
			}
			return chunks
		}
		if bytes.HasPrefix(text, []byte("---")) {
			rest := strings.TrimSpace(string(text[3:]))
			if rest != "" && rest[0] != '#' {
				chunks = append(chunks, chunk{line: start, endLine: line + 1, err: "invalid Yaml document separator: " + rest})
				current.Reset()
				start = line + 1
				continue
			}
			if current.Len() > 0 {
				chunks = append(chunks, chunk{text: append([]byte(nil), current.Bytes()...), line: start, endLine: line})
				current.Reset()
				start = line + 1
				continue
			}
		}
		if current.Len() == 0 {
			start = line
		}
		current.Write(text)
	}
}

// readLine is LineReader.Read: one line as ReadLine returns it (however long), with an LF added.
func readLine(reader *bufio.Reader) ([]byte, error) {
	var buffer bytes.Buffer
	var err error
	for more := true; more && err == nil; {
		var part []byte
		part, more, err = reader.ReadLine()
		buffer.Write(part)
	}
	buffer.WriteByte('\n')
	return buffer.Bytes(), err
}

func readJSONStream(data []byte, result *fileResult) {
	decoder := json.NewDecoder(bytes.NewReader(data))
	for {
		startLine := bytes.Count(data[:decoder.InputOffset()], []byte("\n"))
		var raw json.RawMessage
		err := decoder.Decode(&raw)
		if err == io.EOF {
			return
		}
		doc := document{Line: startLine, EndLine: bytes.Count(data[:decoder.InputOffset()], []byte("\n")) + 1}
		if err != nil {
			if syntax, ok := err.(*json.SyntaxError); ok {
				doc.Error = fmt.Sprintf("json: offset %d: %s", syntax.Offset, syntax.Error())
			} else {
				doc.Error = err.Error()
			}
			result.Documents = append(result.Documents, doc)
			return
		}
		if trimmed := bytes.TrimSpace(raw); len(trimmed) > 0 && !bytes.Equal(trimmed, []byte("null")) {
			doc.Sent = trimmed
			doc.Error = notAnObject(trimmed)
		}
		result.Documents = append(result.Documents, doc)
	}
}

// notAnObject is StreamVisitor's next step, infoForData: a document that is not a JSON object (a string, a
// list, a number) cannot be decoded as an object ("json: cannot unmarshal string into Go value of type
// unstructured.detector"). Whether the object has a kind is not a question of reading YAML: not checked here.
func notAnObject(sent []byte) string {
	if sent[0] == '{' {
		return ""
	}
	kind := "number"
	switch sent[0] {
	case '"':
		kind = "string"
	case '[':
		kind = "array"
	case 't', 'f':
		kind = "bool"
	}
	return "json: cannot unmarshal " + kind + " into Go value of type unstructured.detector"
}
