using System.Text.RegularExpressions;

namespace Prison.Testing;

/// <summary>Fills in a recording form (/prisoners/{number}/record/{kind}) the way a browser does: the form page first, for its antiforgery token and cookie, then the post.</summary>
public static class RecordPosting
{
    /// <summary>The hidden field of a rendered form's one-time token: a form saves once per token.</summary>
    public const string SubmissionField = "Submission";

    public static string FormPath(string number, string kind) => $"/prisoners/{number}/record/{kind}";

    /// <summary>The form page and its antiforgery token (the matching cookie stays in the client).</summary>
    public static async Task<(string Html, string Token)> OpenAsync(HttpClient client, string number, string kind)
    {
        var html = await client.GetStringAsync(FormPath(number, kind));
        var token = Regex.Match(html, $"<input\\b[^>]*\\bname=\"{NoticePosting.TokenField}\"[^>]*\\bvalue=\"([^\"]*)\"") is { Success: true } match
            ? System.Net.WebUtility.HtmlDecode(match.Groups[1].Value)
            : throw new InvalidOperationException($"The {kind} form of {number} has no {NoticePosting.TokenField} field.");
        return (html, token);
    }

    /// <summary>
    /// Posts <paramref name="fields"/> as a newly rendered form would: with a one-time token of its own, unless the
    /// fields carry one (a form posted again, or the token of a page's rendering).
    /// </summary>
    public static async Task<HttpResponseMessage> PostAsync(HttpClient client, string number, string kind, string token, IEnumerable<KeyValuePair<string, string>> fields)
    {
        var posted = fields.ToList();
        if (!posted.Any(f => f.Key == SubmissionField))
        {
            posted.Add(new(SubmissionField, Guid.NewGuid().ToString()));
        }

        return await client.PostAsync(FormPath(number, kind), new FormUrlEncodedContent([.. posted, new(NoticePosting.TokenField, token)]));
    }

    /// <summary>The one-time token of the (first) recording form in <paramref name="html"/>.</summary>
    public static Guid SubmissionIn(string html) =>
        Regex.Match(html, $"<input\\b[^>]*\\bname=\"{SubmissionField}\"[^>]*\\bvalue=\"([^\"]*)\"") is { Success: true } match
            ? Guid.Parse(match.Groups[1].Value)
            : throw new InvalidOperationException($"The page has no {SubmissionField} field.");

    /// <summary>The value of the first option of the select named <paramref name="name"/> that stands for something (not "Choose…").</summary>
    public static string? FirstOption(string html, string name) =>
        Regex.Match(html, $"<select[^>]*\\bname=\"{Regex.Escape(name)}\"[^>]*>(.*?)</select>", RegexOptions.Singleline) is { Success: true } select
            ? Regex.Matches(select.Groups[1].Value, "<option[^>]*\\bvalue=\"([^\"]+)\"").Select(m => m.Groups[1].Value).FirstOrDefault()
            : null;
}
