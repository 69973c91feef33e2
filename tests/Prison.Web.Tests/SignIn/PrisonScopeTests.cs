using System.Security.Claims;
using Prison.Db.Identity;
using Prison.Domain;
using Prison.Web.SignIn;

namespace Prison.Web.Tests.SignIn;

/// <summary>What a session's claims let a user reach; no I/O.</summary>
public sealed class PrisonScopeTests
{
    private static readonly IReadOnlyList<PrisonFacility> Prisons = [Records.Prison(1), Records.Prison(2), Records.Prison(3)];

    private static readonly DateOnly Today = new(2026, 11, 20);

    [Fact]
    public void A_user_of_every_prison_reaches_every_prison_and_every_prisoner_released_or_not()
    {
        var scope = PrisonScope.Of(Principal(PrisonScope.Claims(allPrisons: true, [])));
        var released = Records.Harmless("R1", 2, Today.AddDays(-9));
        released.Release(Today);

        Assert.True(scope.IsEverywhere);
        Assert.Null(scope.PrisonIds);
        Assert.True(scope.Reaches(3));
        Assert.True(scope.Reaches(released));
        Assert.Equal(Prisons, scope.Within(Prisons));
    }

    [Fact]
    public void A_user_of_some_prisons_reaches_those_and_the_prisoners_held_there_now_only()
    {
        var scope = PrisonScope.Of(Principal(PrisonScope.Claims(allPrisons: false, [1, 3])));
        var released = Records.Harmless("R1", 1, Today.AddDays(-9));
        released.Release(Today);
        var movedAway = Records.Harmless("M1", 1, Today.AddDays(-9));
        movedAway.Transfer(2, Today, forDisciplinaryReasons: false);

        Assert.False(scope.IsEverywhere);
        Assert.Equal([1, 3], scope.PrisonIds!.Order());
        Assert.True(scope.Reaches(1));
        Assert.False(scope.Reaches(2));
        Assert.True(scope.Reaches(Records.Harmless("H1", 3, Today)));
        Assert.False(scope.Reaches(Records.Harmless("H2", 2, Today)));
        Assert.False(scope.Reaches(released));
        Assert.False(scope.Reaches(movedAway));
        Assert.Equal(["P1", "P3"], scope.Within(Prisons).Select(p => p.Code));
    }

    [Fact]
    public void A_session_without_its_prisons_or_with_an_unreadable_one_reaches_nothing_it_was_not_given()
    {
        var without = PrisonScope.Of(Principal([new Claim(ClaimTypes.Name, "someone")]));
        var garbled = PrisonScope.Of(Principal([new Claim(PrisonScope.AllPrisonsClaim, "yes"), new Claim(PrisonScope.PrisonClaim, "1")]));
        var unreadableId = PrisonScope.Of(Principal([new Claim(PrisonScope.AllPrisonsClaim, "false"), new Claim(PrisonScope.PrisonClaim, "x"), new Claim(PrisonScope.PrisonClaim, "2")]));

        Assert.False(PrisonScope.IsCarriedBy(Principal([new Claim(ClaimTypes.Name, "someone")])));
        Assert.Empty(without.Within(Prisons));
        Assert.Empty(without.PrisonIds!);
        Assert.Empty(garbled.Within(Prisons));
        Assert.Equal(["P2"], unreadableId.Within(Prisons).Select(p => p.Code));
    }

    [Fact]
    public void An_admin_of_every_prison_manages_accounts_for_headquarters_and_an_admin_of_some_or_none_only_within_them()
    {
        var limited = PrisonScope.Of(Principal(PrisonScope.Claims(allPrisons: false, [1])));
        var everywhere = PrisonScope.Of(Principal(PrisonScope.Claims(allPrisons: true, [])));
        var without = PrisonScope.Of(Principal([new Claim(ClaimTypes.Name, "someone")]));

        Assert.True(everywhere.ActorReach.ReachesEveryPrison);
        Assert.False(limited.ActorReach.ReachesEveryPrison);
        Assert.True(limited.ActorReach.MayGive(false, [1]));
        Assert.False(limited.ActorReach.MayGive(false, [2]));
        Assert.False(without.ActorReach.ReachesEveryPrison);
        Assert.False(without.ActorReach.MayGive(false, [1]));
    }

    private static ClaimsPrincipal Principal(IEnumerable<Claim> claims) => new(new ClaimsIdentity(claims, "test"));
}
