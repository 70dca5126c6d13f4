import { AsyncLocalStorage } from "node:async_hooks";
import type express from "express";
import { languageFrom } from "~/i18n/messages";
import { type Language, pathLanguage } from "~/utils/language";

/**
 * The language of the request being answered, from its path (Kiswahili under `/sw`), for every
 * word the server renders (`msg`): each request runs in its own, so two answered at once never
 * mix their words.
 */
const requestLanguage = new AsyncLocalStorage<Language>();
languageFrom(() => requestLanguage.getStore() ?? "en");

export const inRequestLanguage: express.RequestHandler = (req, _res, next) =>
  requestLanguage.run(pathLanguage(req.path), next);
