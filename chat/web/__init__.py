"""Chat pages: conversations, the streamed answer, citations, data, tool trace, feedback."""
