"""My documents (the user's private corpus) and the citation page view."""
