"""What the pages carry: static files, documents, QR codes, charts, the labels of options, the OpenAPI document."""
