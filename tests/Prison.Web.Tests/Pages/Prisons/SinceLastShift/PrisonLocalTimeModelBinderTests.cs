using System.Globalization;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Abstractions;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Primitives;
using Prison.Domain.Evaluation;
using Prison.Web.Pages.Prisons.SinceLastShift;

namespace Prison.Web.Tests.Pages.Prisons.SinceLastShift;

/// <summary>A minute typed in New York time, bound as the UTC instant it names, across both changes of the clocks in 2026.</summary>
public sealed class PrisonLocalTimeModelBinderTests
{
    [Theory]
    [InlineData("2026-11-20T08:00", "2026-11-20T13:00:00Z")]
    [InlineData("2026-11-20 08:00:30", "2026-11-20T13:00:30Z")]
    [InlineData("2026-07-01T08:00", "2026-07-01T12:00:00Z")]
    // The clocks went back at 02:00 daylight time: 01:30 happened twice, first at 05:30 UTC, again at 06:30 UTC.
    [InlineData("2026-11-01T01:30", "2026-11-01T05:30:00Z")]
    public async Task A_minute_in_the_prisons_time_is_bound_as_the_instant_it_names_and_a_doubled_one_as_its_first(string typed, string utc)
    {
        var (result, state) = await BindAsync(typed);

        Assert.True(result.IsModelSet, string.Join("; ", state.Values.SelectMany(v => v.Errors).Select(e => e.ErrorMessage)));
        var instant = Assert.IsType<DateTime>(result.Model);
        Assert.Equal(DateTimeKind.Utc, instant.Kind);
        Assert.Equal(DateTime.Parse(utc, CultureInfo.InvariantCulture, DateTimeStyles.AdjustToUniversal), instant);
    }

    [Theory]
    [InlineData("2026-03-08T02:30", "2026-03-08 02:30 does not exist in America/New_York: the clocks went forward past it. Enter another time.")]
    [InlineData("20/11/2026 08:00", "Enter the From as YYYY-MM-DD HH:MM, in the prison's time (America/New_York).")]
    public async Task A_minute_that_names_no_instant_is_refused_with_a_message_and_what_was_typed_is_kept(string typed, string message)
    {
        var (result, state) = await BindAsync(typed);

        Assert.False(result.IsModelSet);
        Assert.Equal(typed, state["From"]!.AttemptedValue);
        Assert.Equal(message, Assert.Single(state["From"]!.Errors).ErrorMessage);
    }

    [Fact]
    public async Task A_blank_field_is_no_value()
    {
        var (result, state) = await BindAsync("  ");

        Assert.True(result.IsModelSet);
        Assert.Null(result.Model);
        Assert.Equal(0, state.ErrorCount);
    }

    private static async Task<(ModelBindingResult Result, ModelStateDictionary State)> BindAsync(string typed)
    {
        var services = new ServiceCollection().AddSingleton(new PrisonCalendar(TimeZoneInfo.FindSystemTimeZoneById("America/New_York"))).BuildServiceProvider();
        var action = new ActionContext(new DefaultHttpContext { RequestServices = services }, new RouteData(), new ActionDescriptor());
        var values = new QueryStringValueProvider(BindingSource.Query, new QueryCollection(new Dictionary<string, StringValues> { ["From"] = typed }), CultureInfo.InvariantCulture);
        var metadata = new EmptyModelMetadataProvider().GetMetadataForProperty(typeof(ShiftSpanForm), nameof(ShiftSpanForm.From));
        var context = DefaultModelBindingContext.CreateBindingContext(action, values, metadata, bindingInfo: null, modelName: "From");
        await new PrisonLocalTimeModelBinder().BindModelAsync(context);
        return (context.Result, context.ModelState);
    }
}
