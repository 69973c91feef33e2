namespace Prison.Web.Tests.Pages.Prisoners;

/// <summary>Records a disciplinary notice the way a browser does: the prisoner page first, for its antiforgery token and cookie, then the form.</summary>
public static class NoticePosting
{
    public const string TokenField = "__RequestVerificationToken";

    /// <summary>The prisoner page and the antiforgery token its form carries (the matching cookie stays in the client).</summary>
    public static async Task<(string Html, string Token)> OpenAsync(HttpClient client, string number)
    {
        var html = await client.GetStringAsync($"/prisoners/{number}");
        return (html, Html.InputValue(html, TokenField) ?? throw new InvalidOperationException($"The page of {number} has no {TokenField} field."));
    }

    public static async Task<HttpResponseMessage> PostAsync(HttpClient client, string number, string? token, string type, string date, string description)
    {
        var fields = new List<KeyValuePair<string, string>>
        {
            new("Notice.Type", type),
            new("Notice.Date", date),
            new("Notice.Description", description),
        };
        if (token is not null)
        {
            fields.Add(new(TokenField, token));
        }

        return await client.PostAsync($"/prisoners/{number}?handler=Notice", new FormUrlEncodedContent(fields));
    }
}
