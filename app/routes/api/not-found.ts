import { notFound } from "~/lib/problem.ts";
import { problemJson } from "~/http/json-api.server.ts";

// Any /api/… path the API does not have: 404 {message}.
const answer = () => problemJson(notFound("Not found"));
export const loader = answer;
export const action = answer;
