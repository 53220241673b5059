// CPU Dijkstra's priority queues side by side, outside the library, timed on the host that serves: a radix heap with
// 64- and 32-bit keys, a 4-ary heap with decrease-key, a lazy binary heap, the 4-ary heap that moves to the radix heap
// once it is large, and Dial's buckets (largest weights up to 65,536), on rome99, random graphs of several sizes and weight ranges, a 512 x 512 grid and road NY.
// Usage: g++ -O3 -std=c++17 benchmarks/src/native/cpu_queues.cpp -o cpu_queues && ./cpu_queues ROME99.gr [NY.gr]
// (DIMACS .gr files, uncompressed). Its figures are quoted in native/src/cpu/dijkstra.cpp.
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <queue>
#include <random>
#include <sstream>
#include <string>
#include <vector>
using namespace std;
struct G { int n; vector<int64_t> off; vector<int32_t> tgt; vector<int32_t> w; };
G from_edges(int n, vector<array<int,3>>& e) {
  G g; g.n=n; g.off.assign(n+1,0);
  for (auto& x: e) g.off[x[0]+1]++;
  for (int i=0;i<n;i++) g.off[i+1]+=g.off[i];
  g.tgt.resize(e.size()); g.w.resize(e.size());
  vector<int64_t> pos(g.off.begin(), g.off.end()-1);
  for (auto& x: e) { auto p=pos[x[0]]++; g.tgt[p]=x[1]; g.w[p]=x[2]; }
  return g;
}
G load_dimacs(const char* f) {
  ifstream in(f); string line; int n=0; vector<array<int,3>> e;
  while (getline(in,line)) { if (line.empty()) continue; if (line[0]=='p') { istringstream s(line); string p,sp; long m; s>>p>>sp>>n>>m; }
    else if (line[0]=='a') { istringstream s(line); char a; int u,v,w; s>>a>>u>>v>>w; e.push_back({u-1,v-1,w}); } }
  return from_edges(n,e);
}
G random_graph(int n, int d, int wmax, unsigned seed) {
  mt19937 r(seed); vector<array<int,3>> e;
  for (int u=0;u<n;u++) for (int k=0;k<d;k++) e.push_back({u,(int)(r()%n),(int)(1+r()%wmax)});
  return from_edges(n,e);
}
template <class Key> struct Radix {
  static constexpr int B = sizeof(Key)*8;
  vector<pair<Key,int32_t>> b[B+1]; Key last=0; size_t sz=0;
  void reset(){ for(auto& x:b) x.clear(); last=0; sz=0; }
  int idx(Key k) const { Key d=k^last; if(!d) return 0; if constexpr(sizeof(Key)==8) return 64-__builtin_clzll(d); else return 32-__builtin_clz((unsigned)d); }
  void push(Key k,int32_t v){ b[idx(k)].push_back({k,v}); ++sz; }
  pair<Key,int32_t> pop(){ if(b[0].empty()){ int i=1; while(b[i].empty())++i; auto& f=b[i]; Key lo=f[0].first; for(auto& x:f) lo=min(lo,x.first); last=lo; for(auto& x:f) b[idx(x.first)].push_back(x); f.clear(); }
    auto t=b[0].back(); b[0].pop_back(); --sz; return t; }
};
template <class Key> int64_t radix_run(const G& g, int s, int64_t* dist) {
  thread_local Radix<Key> h; h.reset();
  fill(dist, dist+g.n, INT64_MAX); dist[s]=0; h.push(0,s); int64_t ex=0;
  while(h.sz){ auto [k,u]=h.pop(); int64_t du=dist[u]; if((Key)du!=k) continue; ++ex;
    for(int64_t e=g.off[u];e<g.off[u+1];++e){ int v=g.tgt[e]; int64_t c=du+g.w[e]; if(c<dist[v]){dist[v]=c; h.push((Key)c,v);} } }
  return ex;
}
// 4-ary heap with decrease-key over separate key/vertex arrays and a position array.
struct Quad { vector<int64_t> key; vector<int32_t> vx; vector<int32_t> pos; int size=0;
  void init(int n){ if((int)pos.size()<n){pos.assign(n,-1);} key.resize(max<size_t>(key.size(),n)); vx.resize(max<size_t>(vx.size(),n)); size=0; }
  void up(int i){ int64_t k=key[i]; int v=vx[i]; while(i>0){ int p=(i-1)>>2; if(key[p]<=k) break; key[i]=key[p]; vx[i]=vx[p]; pos[vx[i]]=i; i=p;} key[i]=k; vx[i]=v; pos[v]=i; }
  void down(int i){ int64_t k=key[i]; int v=vx[i]; for(;;){ int c=4*i+1; if(c>=size) break; int best=c; int64_t bk=key[c]; int e=min(c+4,size); for(int j=c+1;j<e;j++) if(key[j]<bk){bk=key[j];best=j;} if(bk>=k) break; key[i]=bk; vx[i]=vx[best]; pos[vx[i]]=i; i=best; } key[i]=k; vx[i]=v; pos[v]=i; }
  void push_or_lower(int v,int64_t k){ int p=pos[v]; if(p<0){ p=size++; key[p]=k; vx[p]=v; up(p);} else { key[p]=k; up(p);} }
  int pop(){ int v=vx[0]; pos[v]=-2; --size; if(size>0){ key[0]=key[size]; vx[0]=vx[size]; pos[vx[0]]=0; down(0);} return v; }
};
int64_t quad_run(const G& g,int s,int64_t* dist){ thread_local Quad h; h.init(g.n); fill(h.pos.begin(),h.pos.begin()+g.n,-1);
  fill(dist,dist+g.n,INT64_MAX); dist[s]=0; h.push_or_lower(s,0); int64_t ex=0;
  while(h.size){ int u=h.pop(); ++ex; int64_t du=dist[u]; for(int64_t e=g.off[u];e<g.off[u+1];++e){ int v=g.tgt[e]; int64_t c=du+g.w[e]; if(c<dist[v]){dist[v]=c; h.push_or_lower(v,c);} } }
  return ex; }
// binary heap, lazy (std::priority_queue of (key, vertex) with a reused vector)
int64_t lazy_run(const G& g,int s,int64_t* dist){ thread_local vector<pair<int64_t,int32_t>> store; store.clear();
  auto cmp=[](const pair<int64_t,int32_t>&a,const pair<int64_t,int32_t>&b){return a.first>b.first;};
  fill(dist,dist+g.n,INT64_MAX); dist[s]=0; store.push_back({0,s}); int64_t ex=0;
  while(!store.empty()){ pop_heap(store.begin(),store.end(),cmp); auto [k,u]=store.back(); store.pop_back(); if(k!=dist[u]) continue; ++ex;
    for(int64_t e=g.off[u];e<g.off[u+1];++e){ int v=g.tgt[e]; int64_t c=k+g.w[e]; if(c<dist[v]){dist[v]=c; store.push_back({c,v}); push_heap(store.begin(),store.end(),cmp);} } }
  return ex; }
// adaptive: the 4-ary heap while it is small against the weight range, else the radix heap
int WBITS = 10;
int64_t adaptive_run(const G& g,int s,int64_t* dist){ thread_local Quad h; thread_local Radix<uint64_t> r; h.init(g.n); fill(h.pos.begin(),h.pos.begin()+g.n,-1);
  const int64_t limit = min<int64_t>(int64_t{1} << 14, int64_t{1} << min(2 * WBITS, 40));
  fill(dist,dist+g.n,INT64_MAX); dist[s]=0; h.push_or_lower(s,0); int64_t ex=0;
  while(h.size){ int u=h.pop(); ++ex; int64_t du=dist[u];
    for(int64_t e=g.off[u];e<g.off[u+1];++e){ int v=g.tgt[e]; int64_t c=du+g.w[e]; if(c<dist[v]){dist[v]=c; h.push_or_lower(v,c);} }
    if (h.size > limit) {
      r.reset(); r.last = (uint64_t)du; for (int i=0;i<h.size;i++){ r.push((uint64_t)h.key[i], h.vx[i]); h.pos[h.vx[i]]=-1; } h.size=0;
      while(r.sz){ auto [k,u2]=r.pop(); int64_t d2=dist[u2]; if((uint64_t)d2!=k) continue; ++ex;
        for(int64_t e=g.off[u2];e<g.off[u2+1];++e){ int v=g.tgt[e]; int64_t c=d2+g.w[e]; if(c<dist[v]){dist[v]=c; r.push((uint64_t)c,v);} } }
      break;
    }
  }
  return ex; }
// Dial's bucket queue (Dial, CACM 1969): distances in [cur, cur + maxW] live in maxW + 1 circular buckets, so a push
// is an append and a pop scans to the next non-empty bucket; only for small integer weights.
int MAXW = 10;
int64_t dial_run(const G& g,int s,int64_t* dist){ thread_local vector<vector<int32_t>> b; const int K=MAXW+1;
  if((int)b.size()<K) b.resize(K); for(int i=0;i<K;i++) b[i].clear();
  fill(dist,dist+g.n,INT64_MAX); dist[s]=0; b[0].push_back(s); int64_t ex=0, pending=1, cur=0;
  while(pending){ auto& q=b[cur%K]; while(!q.empty()){ int u=q.back(); q.pop_back(); --pending; int64_t du=dist[u]; if(du!=cur) continue; ++ex;
      for(int64_t e=g.off[u];e<g.off[u+1];++e){ int v=g.tgt[e]; int64_t c=du+g.w[e]; if(c<dist[v]){dist[v]=c; b[c%K].push_back(v); ++pending;} } }
    ++cur; }
  return ex; }
int64_t quad_max(const G& g,int s,int64_t* dist){ thread_local Quad h; h.init(g.n); fill(h.pos.begin(),h.pos.begin()+g.n,-1);
  fill(dist,dist+g.n,INT64_MAX); dist[s]=0; h.push_or_lower(s,0); int64_t mx=0;
  while(h.size){ int u=h.pop(); int64_t du=dist[u]; for(int64_t e=g.off[u];e<g.off[u+1];++e){ int v=g.tgt[e]; int64_t c=du+g.w[e]; if(c<dist[v]){dist[v]=c; h.push_or_lower(v,c);} } mx=max<int64_t>(mx,h.size);}
  return mx; }
template<class F> void timeit(const char* name,const char* gname,const G& g,int s,F f,int reps){
  vector<int64_t> d(g.n); vector<double> t; int64_t ex=0; for(int i=0;i<reps/10;i++) f(g,s,d.data());
  for(int i=0;i<reps;i++){ auto a=chrono::steady_clock::now(); ex=f(g,s,d.data()); t.push_back(chrono::duration<double,micro>(chrono::steady_clock::now()-a).count()); }
  sort(t.begin(),t.end()); int64_t sum=0; for(int i=0;i<g.n;i++) if(d[i]!=INT64_MAX) sum+=d[i];
  printf("%-10s %-14s median %8.2f us  p10 %8.2f  p90 %8.2f  settled %lld checksum %lld\n",gname,name,t[reps/2],t[reps/10],t[reps*9/10],(long long)ex,(long long)sum);
}
int main(int argc,char** argv){
  vector<pair<string,G>> gs; gs.push_back({"rome99",load_dimacs(argv[1])}); gs.push_back({"random1k",random_graph(1000,7,10,1)});
  gs.push_back({"rand4k-w1k",random_graph(4096,7,1000,1)}); gs.push_back({"rand1k-w1k",random_graph(1000,7,1000,1)});
  gs.push_back({"rand262k-w1k",random_graph(262144,7,1000,1)});
  { vector<array<int,3>> e; int R=512; mt19937 rr(1); for(int i=0;i<R;i++) for(int j=0;j<R;j++){ int u=i*R+j; auto add=[&](int v){ e.push_back({u,v,(int)(1+rr()%1000)}); }; if(i>0)add(u-R); if(i<R-1)add(u+R); if(j>0)add(u-1); if(j<R-1)add(u+1);} gs.push_back({"grid512",from_edges(R*R,e)}); }
  if (argc>2) gs.push_back({"NY",load_dimacs(argv[2])});
  for(auto& [name,g]:gs){ int s=0; int64_t best=-1; for(int u=0;u<g.n;u++) if(g.off[u+1]-g.off[u]>best){best=g.off[u+1]-g.off[u]; s=u;}
    int reps = g.n>100000?30:2000;
    { int32_t mw=1; for (auto w: g.w) mw=max(mw,w); WBITS = 32 - __builtin_clz((unsigned)mw); printf("%-10s max weight %d (%d bits)\n", name.c_str(), mw, WBITS); }
    { vector<int64_t> d(g.n); printf("%-10s max 4-ary heap %lld\n", name.c_str(), (long long)quad_max(g,s,d.data())); }
    for(int round=0;round<2;round++){
    timeit("radix64",name.c_str(),g,s,radix_run<uint64_t>,reps);
    timeit("radix32",name.c_str(),g,s,radix_run<uint32_t>,reps);
    timeit("quad",name.c_str(),g,s,quad_run,reps);
    timeit("adaptive",name.c_str(),g,s,adaptive_run,reps);
    { int32_t mw=1; for (auto w: g.w) mw=max(mw,w); MAXW=mw; if (mw <= 65536) timeit("dial",name.c_str(),g,s,dial_run,reps); } }
  }
}
