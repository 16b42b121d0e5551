/* A plain listing of the OpenAPI schema, for servers without Swagger UI's files. */
(async function () {
  "use strict";
  const spec = await (await fetch("/openapi.json")).json();
  const out = document.getElementById("routes");
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const section = document.createElement("section");
      section.className = "panel";
      const title = document.createElement("h2");
      title.textContent = `${method.toUpperCase()} ${path}`;
      const summary = document.createElement("p");
      summary.textContent = op.summary || "";
      section.append(title, summary);
      const ref = op.requestBody && op.requestBody.content["application/json"].schema.$ref;
      if (ref) {
        const schema = spec.components.schemas[ref.split("/").pop()];
        const pre = document.createElement("pre");
        pre.textContent = JSON.stringify(schema.properties, null, 1);
        section.append(pre);
      }
      out.append(section);
    }
  }
})();
