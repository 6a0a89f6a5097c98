"""The web faces of the service layer: HTML pages, the JSON API, errors."""
