// A C face on KDE's KSyntaxHighlighting (Debian's libkf5syntaxhighlighting-dev), so Swift can
// highlight code without Qt's headers: only Markdown/CodeHighlighter.swift uses it.
#ifndef GUIDESITE_SYNTAX_HIGHLIGHTING_H
#define GUIDESITE_SYNTAX_HIGHLIGHTING_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One highlighter: a repository of syntax definitions and the state of a run. Not for two
/// threads at once (KSyntaxHighlighting loads definitions lazily); make one per thread.
typedef struct gs_highlighter gs_highlighter;

gs_highlighter *gs_highlighter_create(void);
void gs_highlighter_destroy(gs_highlighter *highlighter);

/// Chooses the definition named `name` (as KSyntaxHighlighting names them: "Swift",
/// "JavaScript React (JSX)") or, failing that, the one for files ending in `.name`.
/// Returns 1 when one was found, 0 when the code would stay plain.
int gs_highlighter_select(gs_highlighter *highlighter, const char *name);

/// Highlights `length` bytes of UTF-8 with the chosen definition, line by line, and writes them
/// as HTML: text escaped (`&<>"'`), each token in `<span class="NAME">` where NAME is
/// `classes[style]` for its KSyntaxHighlighting::Theme::TextStyle (none when NULL or out of
/// range; neighbours of one class share a span). Points `html` at the result, valid until the
/// highlighter's next call, and returns its length.
size_t gs_highlighter_html(gs_highlighter *highlighter, const char *code, size_t length,
                           const char *const *classes, int class_count, const char **html);

/// The number of styles KSyntaxHighlighting has (Theme::TextStyle's count).
int gs_highlighter_style_count(void);

#ifdef __cplusplus
}
#endif

#endif
