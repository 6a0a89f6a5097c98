"""What the pages carry: static files, documents, QR codes, the OpenAPI document."""
