"""Pages shared by every app: login/logout, the home page, and helpers the page views use."""
