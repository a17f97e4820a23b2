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

/// Receives one token: a byte range of the code given to `gs_highlighter_run` and its
/// KSyntaxHighlighting::Theme::TextStyle (never Normal, 0). Runs of one style are merged.
typedef void (*gs_token_callback)(void *context, size_t start, size_t length, int style);

gs_highlighter *gs_highlighter_create(void);
void gs_highlighter_destroy(gs_highlighter *highlighter);

/// Chooses the definition named `name` (as KSyntaxHighlighting names them: "Swift",
/// "JavaScript React (JSX)") or, failing that, the one for files ending in `.name`.
/// Returns 1 when one was found, 0 when the code would stay plain.
int gs_highlighter_select(gs_highlighter *highlighter, const char *name);

/// Highlights `length` bytes of UTF-8 with the chosen definition, line by line.
void gs_highlighter_run(gs_highlighter *highlighter, const char *code, size_t length,
                        gs_token_callback callback, void *context);

/// The number of styles KSyntaxHighlighting has (Theme::TextStyle's count).
int gs_highlighter_style_count(void);

#ifdef __cplusplus
}
#endif

#endif
