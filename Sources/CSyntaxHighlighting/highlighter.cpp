#include "syntax_highlighting.h"

#include <KSyntaxHighlighting/AbstractHighlighter>
#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Format>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/State>
#include <KSyntaxHighlighting/Theme>

#include <QString>
#include <vector>

namespace {

using namespace KSyntaxHighlighting;

// Reports formats as byte ranges of the UTF-8 code, merging neighbours of one style.
class TokenSink final : public AbstractHighlighter {
public:
    gs_token_callback callback = nullptr;
    void *context = nullptr;

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
        if (pendingLength > 0 && callback) callback(context, pendingStart, pendingLength, pendingStyle);
        pendingLength = 0;
    }
};

} // namespace

struct gs_highlighter {
    Repository repository;
    TokenSink sink;
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

extern "C" void gs_highlighter_run(gs_highlighter *highlighter, const char *code, size_t length,
                                   gs_token_callback callback, void *context) {
    TokenSink &sink = highlighter->sink;
    sink.callback = callback;
    sink.context = context;
    State state;
    size_t start = 0;
    while (start <= length) {
        size_t end = start;
        while (end < length && code[end] != '\n') end++;
        size_t lineEnd = end > start && code[end - 1] == '\r' ? end - 1 : end;
        if (end == length && start == length) break;
        sink.line(code + start, lineEnd - start, start, state);
        start = end + 1;
    }
    sink.callback = nullptr;
    sink.context = nullptr;
}

extern "C" int gs_highlighter_style_count(void) { return Theme::Others + 1; }
