using Prison.Domain;

namespace Prison.Web.SignIn;

/// <summary>A page under <c>/prisons/{code}</c>: <see cref="PrisonPageFilter"/> finds its prison, or answers for it, before any handler runs.</summary>
public interface IPrisonPage
{
    /// <summary>The prison of the address, within the user's reach.</summary>
    PrisonFacility Prison { get; set; }

    /// <summary>
    /// Whether the page answers 400 when its query string could not be bound, showing its errors instead of a list; a
    /// page that shows them beside its form with 200 (Since last shift, whose handler checks the span as a whole) says no.
    /// </summary>
    bool RefusesUnboundInput => true;
}
