"""The web page and JSON API (`boardlab serve`): FastAPI over the family registry.

`app.create_app` builds the application, `pool.WorkerPool` runs solves in separate processes,
`server.serve` starts uvicorn. Needs the `web` extra (fastapi, uvicorn).
"""
