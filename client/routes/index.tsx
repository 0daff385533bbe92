import { createFileRoute } from "@tanstack/react-router";
import { MARKETING_LINE } from "../../shared/constants.js";

export const Route = createFileRoute("/")({
  component: () => <h1 className="p-8 text-3xl font-bold text-brand-600">{MARKETING_LINE}</h1>,
});
