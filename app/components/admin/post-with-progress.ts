export type EndpointAnswer = {
  ok: boolean;
  id?: string;
  error?: string;
  detail?: string;
  fields?: Partial<Record<string, string>>;
};

/**
 * Posts a form (with its files) and reports how much of it has been sent: fetch cannot report
 * upload progress, XMLHttpRequest can. Resolves with the endpoint's JSON answer, or a network
 * failure as `{ ok: false }`.
 */
export function postWithProgress(
  url: string,
  body: FormData,
  onProgress: (fraction: number) => void,
): Promise<{ status: number; answer: EndpointAnswer }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let answer: EndpointAnswer = { ok: false };
      try {
        answer = JSON.parse(xhr.responseText) as EndpointAnswer;
      } catch {
        // Not JSON (a proxy's error page, a 413): the caller shows its failure text.
      }
      resolve({ status: xhr.status, answer });
    };
    xhr.onerror = () => resolve({ status: 0, answer: { ok: false } });
    xhr.send(body);
  });
}
