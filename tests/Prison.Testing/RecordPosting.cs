using System.Text.RegularExpressions;

namespace Prison.Testing;

/// <summary>Fills in a recording form (/prisoners/{number}/record/{kind}) the way a browser does: the form page first, for its antiforgery token and cookie, then the post.</summary>
public static class RecordPosting
{
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

    public static async Task<HttpResponseMessage> PostAsync(HttpClient client, string number, string kind, string token, IEnumerable<KeyValuePair<string, string>> fields) =>
        await client.PostAsync(FormPath(number, kind), new FormUrlEncodedContent([.. fields, new(NoticePosting.TokenField, token)]));

    /// <summary>The value of the first option of the select named <paramref name="name"/> that stands for something (not "Choose…").</summary>
    public static string? FirstOption(string html, string name) =>
        Regex.Match(html, $"<select[^>]*\\bname=\"{Regex.Escape(name)}\"[^>]*>(.*?)</select>", RegexOptions.Singleline) is { Success: true } select
            ? Regex.Matches(select.Groups[1].Value, "<option[^>]*\\bvalue=\"([^\"]+)\"").Select(m => m.Groups[1].Value).FirstOrDefault()
            : null;
}
