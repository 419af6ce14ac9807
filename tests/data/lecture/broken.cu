extern "C" __global__ void broken(int* out) {
  out[threadIdx.x] = undeclared_name;
}
