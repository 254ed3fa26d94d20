// React Router's own default server entry, unchanged, plus what server/react-router.js takes from an
// app's build: the request handler of the production copy bundled in it (as app/entry.server.tsx does).
export { default, streamTimeout } from "../../../node_modules/@react-router/dev/dist/config/defaults/entry.server.node.tsx";
export { createRequestHandler } from "react-router";
