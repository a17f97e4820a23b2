#include "syntax_highlighting.h"

#include <KSyntaxHighlighting/AbstractHighlighter>
#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Format>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/State>
#include <KSyntaxHighlighting/Theme>

#include <QString>
#include <string>
#include <vector>

namespace {

using namespace KSyntaxHighlighting;

struct Token {
    size_t start, length;
    int style;
};

// Collects formats as byte ranges of the UTF-8 code, merging neighbours of one style.
class TokenSink final : public AbstractHighlighter {
public:
    std::vector<Token> tokens;

    void line(const char *bytes, size_t length, size_t base, State &state) {
        lineBase = base;
        ascii = true;
        for (size_t i = 0; i < length && ascii; i++) ascii = (unsigned char)bytes[i] < 0x80;
        QString text = QString::fromUtf8(bytes, (int)length);
        if (!ascii) mapOffsets(bytes, length, text.size());
        state = highlightLine(QStringView(text), state);
        flush();
    }

protected:
    void applyFormat(int offset, int length, const Format &format) override {
        int style = format.textStyle();
        if (length <= 0 || style == Theme::Normal) return;
        size_t start = byteOffset(offset), end = byteOffset(offset + length);
        if (pendingLength > 0 && pendingStyle == style && pendingStart + pendingLength == start) {
            pendingLength = end - pendingStart;
            return;
        }
        flush();
        pendingStart = start;
        pendingLength = end - start;
        pendingStyle = style;
    }

private:
    size_t lineBase = 0;
    bool ascii = true;
    std::vector<size_t> utf8Offsets; // byte offset of each UTF-16 unit in the line, and the end
    size_t pendingStart = 0, pendingLength = 0;
    int pendingStyle = 0;

    size_t byteOffset(int utf16) const {
        if (ascii) return lineBase + (size_t)utf16;
        size_t index = (size_t)utf16 < utf8Offsets.size() ? (size_t)utf16 : utf8Offsets.size() - 1;
        return lineBase + utf8Offsets[index];
    }

    // QString::fromUtf8 gives one UTF-16 unit per code point below U+10000 and two above; an
    // invalid byte becomes one U+FFFD.
    void mapOffsets(const char *bytes, size_t length, int units) {
        utf8Offsets.clear();
        size_t i = 0;
        while (i < length) {
            unsigned char lead = (unsigned char)bytes[i];
            size_t size = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
            if (i + size > length) size = 1;
            for (size_t k = 1; k < size; k++)
                if (((unsigned char)bytes[i + k] & 0xC0) != 0x80) { size = 1; break; }
            utf8Offsets.push_back(i);
            if (size == 4) utf8Offsets.push_back(i);
            i += size;
        }
        // Decoders differ on invalid input; never index past the line.
        while ((int)utf8Offsets.size() > units) utf8Offsets.pop_back();
        while ((int)utf8Offsets.size() < units) utf8Offsets.push_back(length);
        utf8Offsets.push_back(length);
    }

    void flush() {
        if (pendingLength > 0) tokens.push_back({pendingStart, pendingLength, pendingStyle});
        pendingLength = 0;
    }
};

// HTML.escape of GuideSite: the five characters that matter in text and attributes.
void escapeInto(std::string &out, const char *text, size_t length) {
    size_t copied = 0;
    for (size_t i = 0; i < length; i++) {
        const char *entity;
        switch (text[i]) {
        case '&': entity = "&amp;"; break;
        case '<': entity = "&lt;"; break;
        case '>': entity = "&gt;"; break;
        case '"': entity = "&quot;"; break;
        case '\'': entity = "&#39;"; break;
        default: continue;
        }
        out.append(text + copied, i - copied);
        out.append(entity);
        copied = i + 1;
    }
    out.append(text + copied, length - copied);
}

} // namespace

struct gs_highlighter {
    Repository repository;
    TokenSink sink;
    std::string html;
    // Most blocks of a page share a language: the last lookup is kept.
    QByteArray selectedName;
    bool selected = false;
};

extern "C" gs_highlighter *gs_highlighter_create(void) { return new gs_highlighter(); }

extern "C" void gs_highlighter_destroy(gs_highlighter *highlighter) { delete highlighter; }

extern "C" int gs_highlighter_select(gs_highlighter *highlighter, const char *name) {
    if (highlighter->selectedName == name) return highlighter->selected ? 1 : 0;
    const QString wanted = QString::fromUtf8(name);
    Definition definition = highlighter->repository.definitionForName(wanted);
    if (!definition.isValid()) definition = highlighter->repository.definitionForFileName(QStringLiteral("code.") + wanted);
    highlighter->sink.setDefinition(definition);
    highlighter->selectedName = QByteArray(name);
    highlighter->selected = definition.isValid();
    return highlighter->selected ? 1 : 0;
}

extern "C" size_t gs_highlighter_html(gs_highlighter *highlighter, const char *code, size_t length,
                                      const char *const *classes, int class_count, const char **html) {
    TokenSink &sink = highlighter->sink;
    sink.tokens.clear();
    State state;
    size_t start = 0;
    while (start < length) {
        size_t end = start;
        while (end < length && code[end] != '\n') end++;
        size_t lineEnd = end > start && code[end - 1] == '\r' ? end - 1 : end;
        sink.line(code + start, lineEnd - start, start, state);
        start = end + 1;
    }
    std::string &out = highlighter->html;
    out.clear();
    out.reserve(length * 2);
    size_t at = 0;
    const char *open = nullptr; // the class of the span written last, while it may go on
    for (const Token &token : sink.tokens) {
        const char *name = token.style > 0 && token.style < class_count ? classes[token.style] : nullptr;
        if (!name || token.start < at || token.start + token.length > length) continue;
        if (open && (open != name || token.start != at)) { out.append("</span>"); open = nullptr; }
        escapeInto(out, code + at, token.start - at);
        if (!open) {
            out.append("<span class=\"");
            out.append(name);
            out.append("\">");
            open = name;
        }
        escapeInto(out, code + token.start, token.length);
        at = token.start + token.length;
    }
    if (open) out.append("</span>");
    escapeInto(out, code + at, length - at);
    *html = out.data();
    return out.size();
}

extern "C" int gs_highlighter_style_count(void) { return Theme::Others + 1; }
